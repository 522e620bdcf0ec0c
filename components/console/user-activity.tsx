import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ActivityPage } from "@/lib/contract/activity";
import { isKnownProvider } from "@/lib/contract/social-return";
import type { Locale } from "@/lib/i18n/routing";
import { consoleTime } from "@/lib/console/format";
import { DetailTable, type DetailRow } from "./detail-table";

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
  const head = [t("columns.time"), t("columns.event"), t("columns.location"), t("columns.device"), t("columns.app"), t("columns.marked")];
  const rows = activity.list.map((item): DetailRow => {
    const kind = item.kind === "sign_in" && item.provider ? "sign_in_social" : item.kind;
    const event = `${ta(`kinds.${kind}`, { count: item.count, provider: providerName(item.provider) })}${item.actor === "support" ? ` · ${ta("bySupport")}` : ""}`;
    const app = [item.application, item.app].filter(Boolean).join(" · ") || "—";
    const mark = item.disowned ? <strong className="text-red-800">{t("disownedMark")}</strong> : "";
    return { cells: [consoleTime(item.at, lang), event, item.location ?? "—", item.device ?? "—", app, mark], marked: item.disowned };
  });
  return (
    <div className="flex flex-col gap-3">
      <DetailTable caption={t("activity")} empty={t("none")} head={head} rows={rows} />
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
