"use client";

import { useLocale, useTranslations } from "next-intl";
import type { BatchSummary, Page } from "@/lib/contract/console/screens";
import { lastDay } from "./dates";
import { PageLinks } from "./page-links";

/** The batches, newest first, with how many of their codes are unused, redeemed, revoked or expired. */
export function CodeBatchTable({ list, previous, next }: { list: Page<BatchSummary>; previous: string | null; next: string | null }) {
  const t = useTranslations("console.codes");
  const common = useTranslations("console.common");
  const locale = useLocale();
  const cell = "py-2 pr-3";
  return (
    <section aria-labelledby="code-batches" className="flex flex-col gap-3">
      <h2 id="code-batches" className="text-lg font-semibold text-gray-900">
        {t("batches")}
      </h2>
      {list.items.length === 0 ? (
        <p className="text-sm text-muted">{common("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                {[t("benefit"), t("size"), t("statuses.unused"), t("statuses.redeemed"), t("statuses.revoked"), t("statuses.expired"), t("validity"), t("created"), t("downloaded")].map((label) => (
                  <th key={label} scope="col" className={`${cell} font-medium`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((batch) => (
                <tr key={batch.id} className="border-b border-gray-100 tabular-nums">
                  <td className={cell}>{locale === "zh" ? batch.benefitZh : batch.benefitEn}</td>
                  <td className={cell}>{batch.size}</td>
                  <td className={cell}>{batch.counts.unused}</td>
                  <td className={cell}>{batch.counts.redeemed}</td>
                  <td className={cell}>{batch.counts.revoked}</td>
                  <td className={cell}>{batch.counts.expired}</td>
                  <td className={cell}>{lastDay(batch.validUntil)}</td>
                  <td className={cell}>{batch.createdAt.slice(0, 10)}</td>
                  <td className={cell}>{batch.downloadedAt ? batch.downloadedAt.slice(0, 10) : t("notDownloaded")}</td>
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
