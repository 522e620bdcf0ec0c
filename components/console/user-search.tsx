import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { USER_FILTERS, type UserSearchInput, type UserSearchQuery, type UserSearchResponse } from "@/lib/contract/console/users";
import type { UserSearchFormInput } from "@/lib/validation/console";
import type { Locale } from "@/lib/i18n/routing";
import { consoleTime } from "@/lib/console/format";
import { searchHref } from "@/lib/console/user-search-href";
import type { BulkJob } from "@/lib/contract/console/bulk";
import { UserSearchForm } from "./user-search-form";
import { BulkJobsPanel } from "./bulk-jobs-panel";
import { BulkUserTable } from "./bulk-user-table";
import { UserResultsTable } from "./user-results-table";

/** What the form shows: the query asked, every filter as text ("" when not given). */
export function formValuesOf(query: UserSearchQuery): UserSearchFormInput {
  const filters = Object.fromEntries(USER_FILTERS.map((name) => [name, query[name] ?? ""])) as Record<(typeof USER_FILTERS)[number], string>;
  return { by: query.by, q: query.q, sort: query.sort, order: query.order, ...filters };
}

/** The search as a bulk job's selection takes it: the text and filters, not the page or the order. */
function searchOf(query: UserSearchQuery): UserSearchInput {
  const { by, q, status, twoStep, passkey, social, brand, createdFrom, createdTo, signedInFrom, signedInTo } = query;
  return { by, q, status, twoStep, passkey, social, brand, createdFrom, createdTo, signedInFrom, signedInTo };
}

/**
 * The users screen: the search form (its address can be shared; without script it is a plain GET
 * form), the count of results, the results table and the pages. `query` is what was asked (or the defaults).
 */
export async function UserSearch({ lang, base, query, result, error, bulkJobs = null }: { lang: Locale; base: string; query: UserSearchQuery; result: UserSearchResponse | null; error: string | null; bulkJobs?: BulkJob[] | null }) {
  const t = await getTranslations({ locale: lang, namespace: "console.users" });
  const tStatus = await getTranslations({ locale: lang, namespace: "console.status" });
  const path = `/${lang}/${base}/users`;
  const initial = formValuesOf(query);
  const href = (page: number) => searchHref(path, initial, page);
  const rows = (result?.list ?? []).map((user) => ({
    id: user.id,
    email: user.email,
    href: `/${lang}/${base}/users/${user.id}`,
    enterprise: user.enterprise,
    nickname: user.nickname ?? "—",
    status: tStatus(user.status),
    brand: user.brand ?? "—",
    created: consoleTime(user.createdAt, lang),
    lastSignIn: consoleTime(user.lastSignInAt, lang),
  }));
  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <h1 id="users-title" className="text-2xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      <UserSearchForm path={path} initial={initial} />
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {result ? (
        <p role="status" className="text-sm font-medium text-gray-800">
          {result.countCapped ? t("countCapped", { count: result.count }) : t("count", { count: result.count })}
        </p>
      ) : null}
      {result ? (
        result.list.length === 0 ? (
          <p className="text-gray-700">{t("none")}</p>
        ) : bulkJobs ? (
          <BulkUserTable lang={lang} count={result.count} search={searchOf(query)} exportPath={`/${lang}/${base}/export/download`} rows={rows} />
        ) : (
          <UserResultsTable rows={rows} />
        )
      ) : null}
      {result && (result.page > 1 || result.hasMore) ? (
        <nav aria-label={t("pages")} className="flex items-center gap-4 text-sm">
          {result.page > 1 ? (
            <Link href={href(result.page - 1)} className="text-primary-strong underline">
              {t("previous")}
            </Link>
          ) : null}
          <span>{t("page", { page: result.page })}</span>
          {result.hasMore ? (
            <Link href={href(result.page + 1)} className="text-primary-strong underline">
              {t("next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {bulkJobs ? <BulkJobsPanel lang={lang} initial={bulkJobs} /> : null}
    </section>
  );
}
