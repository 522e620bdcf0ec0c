import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ActivityPage } from "@/lib/contract/activity";
import { errorMessageKey } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";
import type { Loaded } from "@/lib/loaders/security";
import { Alert } from "@/components/ui/alert";
import { ActivityList } from "./activity-list";

type Props = {
  lang: Locale;
  /** the launch query (without "?") and area, for "This wasn't me" */
  query: string;
  business: boolean;
  activity: Loaded<ActivityPage>;
  /** the security page, with the launch query */
  securityHref: string;
  /** this screen at another page number, with the launch query */
  pageHref: (page: number) => string;
};

const pageLink = "font-medium text-primary-strong underline";

/** The security activity screen of both user centres: the events, and links to newer and older ones. */
export async function ActivityView({ lang, query, business, activity, securityHref, pageHref }: Props) {
  const t = await getTranslations({ locale: lang, namespace: "security.activity" });
  const te = await getTranslations({ locale: lang, namespace: "errors" });
  const page = activity.data;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="px-1">
        <Link href={securityHref} className={`text-sm ${pageLink}`}>
          {t("back")}
        </Link>
        <h1 className="mt-2 text-xl font-semibold text-gray-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-muted">{t("intro")}</p>
      </header>
      <section aria-labelledby="activity-title" className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
        <h2 id="activity-title" className="sr-only">
          {t("listLabel")}
        </h2>
        {page ? <ActivityList items={page.list} page={{ lang, query, business }} /> : <Alert tone="error">{te(errorMessageKey(activity.error), { seconds: 60 })}</Alert>}
        {page && (page.page > 1 || page.hasMore) ? (
          <nav aria-label={t("pagesLabel")} className="mt-4 flex flex-wrap justify-between gap-3 text-sm">
            {page.page > 1 ? (
              <Link href={pageHref(page.page - 1)} className={pageLink}>
                {t("newer")}
              </Link>
            ) : (
              <span />
            )}
            {page.hasMore ? (
              <Link href={pageHref(page.page + 1)} className={pageLink}>
                {t("older")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
