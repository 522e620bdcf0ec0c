"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { BulkSelectionInput } from "@/lib/contract/console/bulk";
import type { UserSearchInput } from "@/lib/contract/console/users";
import type { Locale } from "@/lib/i18n/routing";
import { Button } from "@/components/ui/button";
import { BulkActions } from "./bulk-actions";
import { ExportLinks } from "./export-links";
import { UserResultsTable, type UserResultRow } from "./user-results-table";

export type BulkRow = UserResultRow;

/**
 * The Users results for an admin: each row with a labelled checkbox, one for the whole page, and
 * "all N results of this search"; the bulk actions work on what is selected. The whole search is
 * sent as its filter (the services resolve it to ids when the job is made). Export takes the same
 * selection, or the whole search when nothing is ticked.
 */
export function BulkUserTable({ lang, rows, count, search, exportPath }: { lang: Locale; rows: BulkRow[]; count: number; search: UserSearchInput; exportPath: string }) {
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
      <UserResultsTable
        rows={rows}
        pick={{
          header: <input type="checkbox" className="size-4 accent-primary-strong" aria-label={tb("selectAllOnPage")} checked={allOnPage || whole} onChange={(event) => togglePage(event.target.checked)} />,
          cell: (row) => <input type="checkbox" className="size-4 accent-primary-strong" aria-label={tb("selectOne", { email: row.email })} checked={whole || picked.has(row.id)} onChange={(event) => toggle(row.id, event.target.checked)} />,
        }}
      />
      <ExportLinks
        path={exportPath}
        selection={selection ?? { search }}
        label={selection && !whole ? tb("exportSelected", { count: picked.size }) : tb("exportWhole", { count })}
      />
      <BulkActions lang={lang} selection={selection} selectedCount={selectedCount} onStarted={clear} />
    </div>
  );
}
