import { getTranslations, setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { auditQuery } from "@/lib/contract/console/audit";
import { localeOf } from "@/lib/i18n/routing";
import { firstField } from "@/lib/console/format";
import { requireOperator } from "@/lib/console/session";
import { listAudit } from "@/lib/upstream/console";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { AuditView } from "@/components/console/audit-view";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("audit");

/** The audit log (docs/operators.md): read, filter, export. */
export default async function ConsoleAuditPage({ params, searchParams }: PageProps<"/[lang]/console/audit">) {
  const { lang: raw } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "audit");
  const base = portalConfig().consoleBasePath;
  if (!access.ok) return <ConsoleShell lang={lang} base={base} operator={access.operator} current="audit"><NotForYourRole lang={lang} /></ConsoleShell>;
  const t = await getTranslations({ locale: lang, namespace: "console" });
  const given = Object.fromEntries(Object.entries(await searchParams).map(([key, value]) => [key, (Array.isArray(value) ? value[0] : value) || undefined]));
  const parsed = auditQuery.safeParse(given);
  const result = parsed.success ? await listAudit(access.ctx, parsed.data) : null;
  // a day that does not exist (2026-02-30) is named as the analytics dashboard names it
  const refused = parsed.success ? null : firstField(parsed.error.issues);
  const error = parsed.success ? null : t(`audit.invalid.${refused === "page" || refused === "from" || refused === "to" ? refused : "filter"}`);
  return (
    <ConsoleShell lang={lang} base={base} operator={access.operator} current="audit">
      <AuditView lang={lang} base={base} query={parsed.success ? parsed.data : {}} result={result} error={error} />
    </ConsoleShell>
  );
}
