"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "next-intl";
import type { BulkSelectionInput } from "@/lib/contract/console/bulk";
import type { UserSearchInput } from "@/lib/contract/console/users";
import type { Locale } from "@/lib/i18n/routing";
import { Button } from "@/components/ui/button";
import { BulkActions } from "./bulk-actions";
import { ExportLinks } from "./export-links";

/** One result as the table shows it, already formatted by the server (status in words, times in the console's zone). */
export type BulkRow = { id: string; email: string; href: string; enterprise: string | null; nickname: string; status: string; created: string; lastSignIn: string };

/**
 * The Users results for an admin: each row with a labelled checkbox, one for the whole page, and
 * "all N results of this search"; the bulk actions work on what is selected. The whole search is
 * sent as its filter (the services resolve it to ids when the job is made). Export takes the same
 * selection, or the whole search when nothing is ticked.
 */
export function BulkUserTable({ lang, rows, count, search, exportPath }: { lang: Locale; rows: BulkRow[]; count: number; search: UserSearchInput; exportPath: string }) {
  const t = useTranslations("console.users");
  const tb = useTranslations("console.bulk");
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [whole, setWhole] = useState(false);
  const allOnPage = rows.length > 0 && rows.every((row) => picked.has(row.id));

  function toggle(id: string, on: boolean) {
    setWhole(false);
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  function togglePage(on: boolean) {
    setWhole(false);
    setPicked(on ? new Set(rows.map((row) => row.id)) : new Set());
  }
  function clear() {
    setWhole(false);
    setPicked(new Set());
  }

  const selection: BulkSelectionInput | null = whole ? { search } : picked.size > 0 ? { ids: [...picked] } : null;
  const selectedCount = whole ? count : picked.size;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
        <span className="font-medium text-gray-800">{whole ? tb("wholeSearch", { count }) : tb("selected", { count: picked.size })}</span>
        {!whole && allOnPage && count > rows.length ? (
          <Button type="button" variant="secondary" onClick={() => setWhole(true)}>
            {tb("selectWholeSearch", { count })}
          </Button>
        ) : null}
        {selection ? (
          <Button type="button" variant="ghost" onClick={clear}>
            {tb("clear")}
          </Button>
        ) : null}
      </div>
      <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("results")}</caption>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input type="checkbox" className="size-4 accent-primary-strong" aria-label={tb("selectAllOnPage")} checked={allOnPage || whole} onChange={(event) => togglePage(event.target.checked)} />
              </th>
              <th scope="col" className="px-3 py-2">{t("columns.email")}</th>
              <th scope="col" className="px-3 py-2">{t("columns.nickname")}</th>
              <th scope="col" className="px-3 py-2">{t("columns.status")}</th>
              <th scope="col" className="px-3 py-2">{t("columns.created")}</th>
              <th scope="col" className="px-3 py-2">{t("columns.lastSignIn")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-gray-100">
                <td className="px-3 py-2">
                  <input type="checkbox" className="size-4 accent-primary-strong" aria-label={tb("selectOne", { email: row.email })} checked={whole || picked.has(row.id)} onChange={(event) => toggle(row.id, event.target.checked)} />
                </td>
                <td className="break-all px-3 py-2">
                  <Link href={row.href} className="text-primary-strong underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong">
                    {row.email}
                  </Link>
                  {row.enterprise ? <span className="ml-2 text-xs text-gray-600">({row.enterprise})</span> : null}
                </td>
                <td className="px-3 py-2">{row.nickname}</td>
                <td className="px-3 py-2">{row.status}</td>
                <td className="px-3 py-2">{row.created}</td>
                <td className="px-3 py-2">{row.lastSignIn}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ExportLinks
        path={exportPath}
        selection={selection ?? { search }}
        label={selection && !whole ? tb("exportSelected", { count: picked.size }) : tb("exportWhole", { count })}
      />
      <BulkActions lang={lang} selection={selection} selectedCount={selectedCount} onStarted={clear} />
    </div>
  );
}
