import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AUDIT_FILTER_ACTIONS, type AuditEntry, type AuditQuery, type AuditResponse } from "@/lib/contract/console/audit";
import type { Locale } from "@/lib/i18n/routing";
import { consoleTime } from "@/lib/console/format";

/** A detail's values as text: strings as they are, anything else as JSON. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}

/** The target as an operator reads it: a user's email or an enterprise's name, linked to its page. */
function Target({ entry, home }: { entry: AuditEntry; home: string }) {
  if (!entry.targetType) return <>—</>;
  const page = { user: "users", enterprise: "enterprises" }[entry.targetType];
  if (!entry.targetName) return <>{`${entry.targetType} ${entry.targetId ?? ""}`}</>;
  if (!page || !entry.targetId || !entry.targetLinked) return <>{entry.targetName}</>;
  return (
    <Link href={`${home}/${page}/${entry.targetId}`} className="text-primary-strong underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong">
      {entry.targetName}
    </Link>
  );
}

/** The audit log: filters (a GET form), the entries, the pages and the CSV of what is filtered. */
export async function AuditView({ lang, base, query, result, error }: { lang: Locale; base: string; query: Partial<AuditQuery>; result: AuditResponse | null; error: string | null }) {
  const t = await getTranslations({ locale: lang, namespace: "console.audit" });
  const filters = new URLSearchParams(Object.entries({ operator: query.operator, action: query.action, target: query.target, from: query.from, to: query.to }).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const pageHref = (page: number) => `/${lang}/${base}/audit?${new URLSearchParams([...filters, ["page", String(page)]])}`;
  const control = "h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong";
  // an action the list does not know (an old one, a read-only command) stays choosable
  const actions = query.action && !AUDIT_FILTER_ACTIONS.includes(query.action) ? [...AUDIT_FILTER_ACTIONS, query.action] : AUDIT_FILTER_ACTIONS;
  const field = (name: "operator" | "target" | "from" | "to", type = "text") => (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-gray-800">
      {t(`filters.${name}`)}
      <input type={type} name={name} defaultValue={query[name] ?? ""} className={control} />
    </label>
  );
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <h1 id="audit-title" className="text-2xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      <form method="get" action={`/${lang}/${base}/audit`} className="grid grid-cols-1 gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
        {field("operator")}
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-gray-800">
          {t("filters.action")}
          <select name="action" defaultValue={query.action ?? ""} className={control}>
            <option value="">{t("filters.anyAction")}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        {field("target")}
        {field("from", "date")}
        {field("to", "date")}
        <button type="submit" className="h-10 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong">
          {t("filter")}
        </button>
      </form>
      <p>
        <a href={`/${lang}/${base}/audit/export?${filters}`} download className="text-sm text-primary-strong underline">
          {t("export")}
        </a>
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {result && result.list.length === 0 ? <p className="text-gray-700">{t("none")}</p> : null}
      {result && result.list.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("title")}</caption>
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                {(["at", "operator", "ip", "action", "target", "reason", "outcome", "detail"] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {t(`columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.list.map((entry) => (
                <tr key={entry.id} className="border-t border-gray-100 align-top">
                  <td className="px-3 py-2">{consoleTime(entry.at, lang)}</td>
                  <td className="break-all px-3 py-2">{entry.actor}</td>
                  <td className="px-3 py-2">{entry.ip ?? "—"}</td>
                  <td className="px-3 py-2">
                    <code>{entry.action}</code>
                  </td>
                  <td className="break-all px-3 py-2">
                    <Target entry={entry} home={`/${lang}/${base}`} />
                  </td>
                  <td className="break-words px-3 py-2">{entry.reason ?? "—"}</td>
                  <td className="px-3 py-2">{t(`outcomes.${entry.outcome}`)}</td>
                  <td className="break-all px-3 py-2 text-xs text-gray-700">{Object.keys(entry.detail).length > 0 ? detailText(entry.detail) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result && (result.page > 1 || result.hasMore) ? (
        <nav aria-label={t("pages")} className="flex items-center gap-4 text-sm">
          {result.page > 1 ? <Link href={pageHref(result.page - 1)} className="text-primary-strong underline">{t("previous")}</Link> : null}
          <span>{t("page", { page: result.page })}</span>
          {result.hasMore ? <Link href={pageHref(result.page + 1)} className="text-primary-strong underline">{t("next")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
