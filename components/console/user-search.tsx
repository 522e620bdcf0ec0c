import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SEARCH_MAX, USER_SEARCH_FIELDS, USER_SORTS, type UserSearchQuery, type UserSearchResponse } from "@/lib/contract/console/users";
import type { Locale } from "@/lib/i18n/routing";
import { consoleTime } from "@/lib/console/format";

/**
 * The users screen: a plain GET form (works without script, by keyboard, and its address can be
 * shared), the results table and the pages. `query` is what was asked (or the defaults).
 */
export async function UserSearch({ lang, base, query, result, error }: { lang: Locale; base: string; query: UserSearchQuery; result: UserSearchResponse | null; error: string | null }) {
  const t = await getTranslations({ locale: lang, namespace: "console.users" });
  const tStatus = await getTranslations({ locale: lang, namespace: "console.status" });
  const href = (page: number) => {
    const params = new URLSearchParams({ by: query.by, q: query.q, sort: query.sort, order: query.order, page: String(page) });
    return `/${lang}/${base}/users?${params}`;
  };
  const control = "h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong";
  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <h1 id="users-title" className="text-2xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      <form method="get" action={`/${lang}/${base}/users`} role="search" className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
          {t("by")}
          <select name="by" defaultValue={query.by} className={control}>
            {USER_SEARCH_FIELDS.map((field) => (
              <option key={field} value={field}>
                {t(`fields.${field}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-gray-800">
          {t("query")}
          <input type="search" name="q" defaultValue={query.q} maxLength={SEARCH_MAX} className={control} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
          {t("sort")}
          <select name="sort" defaultValue={query.sort} className={control}>
            {USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
          {t("order")}
          <select name="order" defaultValue={query.order} className={control}>
            <option value="desc">{t("newest")}</option>
            <option value="asc">{t("oldest")}</option>
          </select>
        </label>
        <button type="submit" className="h-10 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong">
          {t("search")}
        </button>
      </form>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {result ? (
        result.list.length === 0 ? (
          <p className="text-gray-700">{t("none")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("results")}</caption>
              <thead className="bg-gray-50 text-gray-700">
                <tr>
                  <th scope="col" className="px-3 py-2">{t("columns.email")}</th>
                  <th scope="col" className="px-3 py-2">{t("columns.nickname")}</th>
                  <th scope="col" className="px-3 py-2">{t("columns.status")}</th>
                  <th scope="col" className="px-3 py-2">{t("columns.created")}</th>
                  <th scope="col" className="px-3 py-2">{t("columns.lastSignIn")}</th>
                </tr>
              </thead>
              <tbody>
                {result.list.map((user) => (
                  <tr key={user.id} className="border-t border-gray-100">
                    <td className="break-all px-3 py-2">
                      <Link href={`/${lang}/${base}/users/${user.id}`} className="text-primary-strong underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong">
                        {user.email}
                      </Link>
                      {user.enterprise ? <span className="ml-2 text-xs text-gray-600">({user.enterprise})</span> : null}
                    </td>
                    <td className="px-3 py-2">{user.nickname ?? "—"}</td>
                    <td className="px-3 py-2">{tStatus(user.status)}</td>
                    <td className="px-3 py-2">{consoleTime(user.createdAt, lang)}</td>
                    <td className="px-3 py-2">{consoleTime(user.lastSignInAt, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
    </section>
  );
}
