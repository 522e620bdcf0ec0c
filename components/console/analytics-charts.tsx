"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import type { Column } from "./analytics-columns";

/** uPlot and its CSS are fetched only when this page draws a chart (not in any other page's bundle). */
function Loading() {
  const t = useTranslations("console.analytics");
  return <p className="h-[220px] text-sm text-muted">{t("loadingCharts")}</p>;
}
const UplotChart = dynamic(() => import("./uplot-chart"), { ssr: false, loading: Loading });

export type ChartGroup = { key: string; title: string; columns: Column[] };

export function AnalyticsCharts({ days, groups }: { days: string[]; groups: ChartGroup[] }) {
  const t = useTranslations("console.analytics");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {groups.map((group) => (
        <figure key={group.key} className="min-w-0 rounded-xl border border-gray-200 bg-white p-3" data-testid={`chart-${group.key}`}>
          <figcaption className="mb-2 text-sm font-semibold text-gray-900">{t("chartOf", { name: group.title })}</figcaption>
          {group.columns.length === 0 ? <p className="text-sm text-muted">{t("none")}</p> : <UplotChart days={days} series={group.columns.map((column) => ({ label: column.heading, values: column.values }))} />}
        </figure>
      ))}
    </div>
  );
}
