"use client";

import { useTranslations } from "next-intl";
import type { EnterpriseSummary, Page } from "@/lib/contract/console/screens";
import { Button } from "@/components/ui/button";
import { PageLinks } from "./page-links";

/**
 * The enterprises, searched by account ID or name. The search is a plain GET form, so the
 * address holds it (a link can be shared, the back button works) and the list is read on the server.
 */
export function EnterpriseList({
  list,
  q,
  usersHref,
  previous,
  next,
}: {
  list: Page<EnterpriseSummary>;
  q: string;
  /** the address of an enterprise's users, by id */
  usersHref: Record<string, string>;
  previous: string | null;
  next: string | null;
}) {
  const t = useTranslations("console.enterprises");
  const common = useTranslations("console.common");
  return (
    <section aria-labelledby="enterprise-list" className="flex flex-col gap-4">
      <h2 id="enterprise-list" className="sr-only">
        {t("title")}
      </h2>
      <form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="enterprise-q" className="text-sm font-medium text-gray-800">
            {t("searchLabel")}
          </label>
          <input id="enterprise-q" name="q" type="search" defaultValue={q} maxLength={100} className="h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong" />
        </div>
        <Button type="submit" variant="secondary">
          {common("search")}
        </Button>
      </form>
      {list.items.length === 0 ? (
        <p className="text-sm text-muted">{common("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t("account")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("name")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("users")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("created")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id} className="border-b border-gray-100">
                  <td className="py-2 pr-3 font-mono">{item.account}</td>
                  <td className="py-2 pr-3">{item.name}</td>
                  <td className="py-2 pr-3">
                    <a className="text-primary-strong underline" href={usersHref[item.id]}>
                      {t("viewUsers")} ({item.users})
                    </a>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{item.createdAt.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks page={list.page} pages={Math.ceil(list.total / list.pageSize)} previous={previous} next={next} />
    </section>
  );
}
