import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { portalConfig } from "@/lib/config";
import { requireOperator } from "@/lib/console/session";
import { lastThirtyDays, param, readConsoleScreen } from "@/lib/console/read-screen";
import { analyticsDashboard } from "@/lib/upstream/console-screens";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { AnalyticsDashboard } from "@/components/console/analytics-dashboard";
import { ConsoleScreen } from "@/components/console/console-screen";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("analytics");

/** The analytics dashboard: the last 30 days unless the address names a range. */
export default async function AnalyticsPage({ params, searchParams }: PageProps<"/[lang]/console/analytics">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "analytics");
  const shell = { lang, base: portalConfig().consoleBasePath, operator: access.operator, current: "analytics" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const query = await searchParams;
  const fallback = lastThirtyDays();
  const asked = { from: param(query.from) ?? fallback.from, to: param(query.to) ?? fallback.to, brand: param(query.brand), platform: param(query.platform) };
  let read = await readConsoleScreen(() => analyticsDashboard(access.ctx, asked));
  const error = read.ok ? null : read.error;
  // a refused range still shows the default one below the message
  if (!read.ok) read = await readConsoleScreen(() => analyticsDashboard(access.ctx, fallback));
  return (
    <ConsoleShell {...shell}>
      <ConsoleScreen lang={lang} screen="analytics" error={error}>
        {read.ok ? <AnalyticsDashboard board={read.data} /> : null}
      </ConsoleScreen>
    </ConsoleShell>
  );
}
