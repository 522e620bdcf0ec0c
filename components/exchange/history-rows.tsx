"use client";

import { useTranslations } from "next-intl";
import type { ExchangeList } from "@/lib/contract/exchange";

/** YYYY-MM-DD (SPEC §9), in UTC like the services' dates. */
export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

type Row = ExchangeList["list"][number];

/**
 * The redemption rows: a table of five columns where there is room (the section at least 36rem
 * wide), and below that each redemption as a stacked card of labelled lines, so all five are
 * read at 320 px without a sideways scroll area. The explicit roles keep it a table for
 * assistive technology whatever `display` the narrow layout gives its parts; the visible
 * labels of the stacked layout are hidden from it, which has the column headers.
 */
export function HistoryRows({ rows }: { rows: Row[] }) {
  const t = useTranslations("exchange");
  const columns = [t("benefit"), t("redeemedAt"), t("expiresAt"), t("status"), t("codeColumn")];
  const cell = "grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 py-0.5 @xl:table-cell @xl:py-2 @xl:pr-3";
  const label = (index: number) => (
    <span aria-hidden="true" className="font-sans text-sm text-gray-600 @xl:hidden">
      {columns[index]}
    </span>
  );
  return (
    <table role="table" className="block w-full text-left text-sm @xl:table">
      <thead role="rowgroup" className="sr-only border-b border-gray-200 text-gray-600 @xl:not-sr-only @xl:table-header-group">
        <tr role="row">
          {columns.map((name) => (
            <th key={name} role="columnheader" scope="col" className="py-2 pr-3 font-medium">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block @xl:table-row-group">
        {rows.map((row) => (
          <tr key={row.id} role="row" className="block border-b border-gray-100 py-2 last:border-0 @xl:table-row @xl:py-0">
            <td role="cell" className={`${cell} text-gray-900`}>
              {label(0)}
              <span className="min-w-0 break-words">{row.benefit}</span>
            </td>
            <td role="cell" className={`${cell} tabular-nums`}>
              {label(1)}
              <span>{dayOf(row.effectTime)}</span>
            </td>
            <td role="cell" className={`${cell} tabular-nums`}>
              {label(2)}
              <span>{dayOf(row.expireTime)}</span>
            </td>
            <td role="cell" className={cell}>
              {label(3)}
              <span className={row.status === "succeeded" ? "text-primary-strong" : "text-muted"}>{t(`statusValue.${row.status}`)}</span>
            </td>
            <td role="cell" className={`${cell} font-mono text-xs @xl:pr-0`}>
              {label(4)}
              <span className="break-all">{row.code}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
