"use client";

import { useMemo } from "react";
import { useTranslations } from "next-intl";
import type { Breakdown, Dashboard } from "@/lib/contract/console/screens";
import { Button } from "@/components/ui/button";
import { AnalyticsCharts } from "./analytics-charts";
import { dashboardColumns, dashboardCsv } from "./analytics-columns";

const input = "h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong";

/** The range and filters: a GET form, so the address holds the view (and the server reads it). */
function Filters({ board }: { board: Dashboard }) {
  const t = useTranslations("console.analytics");
  const fields = [
    { name: "from", label: t("from"), type: "date", value: board.from },
    { name: "to", label: t("to"), type: "date", value: board.to },
    { name: "brand", label: t("brand"), type: "text", value: board.brand ?? "" },
    { name: "platform", label: t("platform"), type: "text", value: board.platform ?? "" },
  ];
  return (
    <form method="get" className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {fields.map((field) => (
        <div key={field.name} className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`analytics-${field.name}`} className="text-sm font-medium text-gray-800">
            {field.label}
          </label>
          <input id={`analytics-${field.name}`} name={field.name} type={field.type} defaultValue={field.value} maxLength={64} placeholder={field.type === "text" ? t("any") : undefined} className={input} />
        </div>
      ))}
      <Button type="submit" variant="secondary">
        {t("show")}
      </Button>
    </form>
  );
}

function BreakdownTable({ caption, rows }: { caption: string; rows: Breakdown[] }) {
  const t = useTranslations("console.analytics");
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left font-semibold text-gray-900">{caption}</caption>
      <thead className="border-b border-gray-200 text-gray-600">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">{caption}</th>
          <th scope="col" className="py-1 pr-3 font-medium">{t("signIns")}</th>
          <th scope="col" className="py-1 pr-3 font-medium">{t("registrations")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-gray-100 tabular-nums">
            <th scope="row" className="py-1 pr-3 font-normal">{row.key || t("none")}</th>
            <td className="py-1 pr-3">{row.signIns}</td>
            <td className="py-1 pr-3">{row.registrations}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The dashboard: filters, a chart per measure, the same numbers as a table, and a CSV of them. */
export function AnalyticsDashboard({ board }: { board: Dashboard }) {
  const t = useTranslations("console.analytics");
  const columns = useMemo(
    () =>
      dashboardColumns(board, {
        signIns: t("signIns"),
        registrations: t("registrations"),
        redemptions: t("redemptions"),
        failure: (code) => t("failureReason", { code }),
        code: (purpose) => t("codeOf", { purpose }),
        event: (event) => t("eventOf", { event }),
      }),
    [board, t],
  );
  const pick = (prefix: string) => columns.filter((column) => column.key.startsWith(prefix));
  const groups = [
    { key: "signIns", title: t("signIns"), columns: pick("signIns").concat(pick("registrations")) },
    { key: "failures", title: t("failures"), columns: pick("failure:") },
    { key: "codes", title: t("codesSent"), columns: pick("code:").concat(pick("redemptions")) },
    { key: "events", title: t("events"), columns: pick("event:") },
  ];
  function download() {
    const blob = new Blob([dashboardCsv(board.days, columns, t("day"))], { type: "text/csv;charset=utf-8" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `analytics-${board.from}-${board.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }
  return (
    <div className="flex flex-col gap-6">
      <Filters board={board} />
      <p className="text-sm text-muted">{t("notSplit")}</p>
      <AnalyticsCharts days={board.days} groups={groups} />
      <div className="grid gap-6 md:grid-cols-2">
        <BreakdownTable caption={t("byBrand")} rows={board.brands} />
        <BreakdownTable caption={t("byPlatform")} rows={board.platforms} />
      </div>
      <section className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="analytics-table" className="text-lg font-semibold text-gray-900">{t("tableTitle")}</h2>
          <Button type="button" variant="secondary" onClick={download}>{t("download")}</Button>
        </div>
        {/* a wide table scrolls inside its own region, which keyboard users can focus */}
        <div className="overflow-x-auto" role="region" aria-labelledby="analytics-table" tabIndex={0}>
          <table className="w-full text-left text-sm tabular-nums">
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{t("day")}</th>
                {columns.map((column) => <th key={column.key} scope="col" className="py-1 pr-3 font-medium whitespace-nowrap">{column.heading}</th>)}
              </tr>
            </thead>
            <tbody>
              {board.days.map((day, index) => (
                <tr key={day} className="border-b border-gray-100">
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">{day}</th>
                  {columns.map((column) => <td key={column.key} className="py-1 pr-3">{column.values[index] ?? 0}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
