import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { roleAllows } from "@/lib/contract/console/roles";
import { portalConfig } from "@/lib/config";
import { consoleHome, requireOperator } from "@/lib/console/session";
import { pageLinks, param, readConsoleScreen } from "@/lib/console/read-screen";
import { listBans } from "@/lib/upstream/console-screens";
import { addBanAction, removeBanAction } from "@/lib/actions/console/screens";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { BanScreen } from "@/components/console/ban-screen";
import { ConsoleScreen } from "@/components/console/console-screen";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("bans");

/** IP bans: listed for every operator; support and admin add and remove them. */
export default async function BansPage({ params, searchParams }: PageProps<"/[lang]/console/bans">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "bans");
  const shell = { lang, base: portalConfig().consoleBasePath, operator: access.operator, current: "bans" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const page = param((await searchParams).page);
  const read = await readConsoleScreen(() => listBans(access.ctx, page));
  const list = read.ok ? read.data : { items: [], total: 0, page: 1, pageSize: 20 };
  return (
    <ConsoleShell {...shell}>
      <ConsoleScreen lang={lang} screen="bans" error={read.ok ? null : read.error}>
        <BanScreen
          list={list}
          canChange={roleAllows(access.operator.role, "support")}
          onAdd={addBanAction.bind(null, lang)}
          onRemove={removeBanAction.bind(null, lang)}
          {...pageLinks(`${consoleHome(lang)}/bans`, {}, list)}
        />
      </ConsoleScreen>
    </ConsoleShell>
  );
}
