import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ActivityPage } from "@/lib/contract/activity";
import { isKnownProvider } from "@/lib/contract/social-return";
import type { Locale } from "@/lib/i18n/routing";
import { consoleTime } from "@/lib/console/format";

/**
 * A user's security activity in the console (GET /v1/console/users/{id}/activity): what the user's
 * own activity page lists, newest first, paged, in the same words, with the events the user said
 * "This wasn't me" about marked for support. Times in UTC, as everywhere in the console.
 */
export async function UserActivity({ lang, activity, pageHref }: { lang: Locale; activity: ActivityPage; pageHref: (page: number) => string }) {
  const t = await getTranslations({ locale: lang, namespace: "console.user" });
  const ta = await getTranslations({ locale: lang, namespace: "security.activity" });
  const tp = await getTranslations({ locale: lang, namespace: "social.providers" });
  const providerName = (channel: string | null) => (channel && isKnownProvider(channel) ? tp(channel) : (channel ?? tp("other")));
  if (activity.list.length === 0) return <p className="text-sm text-gray-700">{t("none")}</p>;
  const head = [t("columns.time"), t("columns.event"), t("columns.location"), t("columns.device"), t("columns.app"), t("columns.marked")];
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("activity")}</caption>
          <thead className="text-gray-700">
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col" className="px-2 py-1">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {activity.list.map((item) => {
              const kind = item.kind === "sign_in" && item.provider ? "sign_in_social" : item.kind;
              return (
                <tr key={item.id} className={item.disowned ? "border-t border-red-200 bg-red-50" : "border-t border-gray-100"} data-disowned={item.disowned ? "" : undefined}>
                  <td className="break-words px-2 py-1">{consoleTime(item.at, lang)}</td>
                  <td className="break-words px-2 py-1">
                    {ta(`kinds.${kind}`, { count: item.count, provider: providerName(item.provider) })}
                    {item.actor === "support" ? ` · ${ta("bySupport")}` : ""}
                  </td>
                  <td className="break-words px-2 py-1">{item.location ?? "—"}</td>
                  <td className="break-words px-2 py-1">{item.device ?? "—"}</td>
                  <td className="break-words px-2 py-1">{[item.application, item.app].filter(Boolean).join(" · ") || "—"}</td>
                  <td className="break-words px-2 py-1">{item.disowned ? <strong className="text-red-800">{t("disownedMark")}</strong> : ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {activity.page > 1 || activity.hasMore ? (
        <nav aria-label={t("activityPages")} className="flex flex-wrap justify-between gap-3 text-sm">
          {activity.page > 1 ? (
            <Link href={pageHref(activity.page - 1)} className="text-primary-strong underline">
              {ta("newer")}
            </Link>
          ) : (
            <span />
          )}
          {activity.hasMore ? (
            <Link href={pageHref(activity.page + 1)} className="text-primary-strong underline">
              {ta("older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
