"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { ExchangeList } from "@/lib/contract/exchange";
import { HISTORY_PAGE_SIZES } from "@/lib/validation/exchange";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/security/pagination";
import { useErrorText } from "@/components/auth/use-error-text";
import { useHistory, type ExchangePageRef } from "./use-history";

/** YYYY-MM-DD (SPEC §9), in UTC like the services' dates. */
export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

/** The redemption history: benefit, redemption date, expiration date, status and code, paged. */
export function HistoryTable({ page, initial }: { page: ExchangePageRef; initial: ExchangeList | null }) {
  const t = useTranslations("exchange");
  const text = useErrorText();
  const [number, setNumber] = useState(1);
  const [size, setSize] = useState<number>(HISTORY_PAGE_SIZES[0]);
  const { data, error, isValidating } = useHistory(page, number, size, initial);
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5">
      <h2 id="history-title" className="text-base font-semibold text-gray-900">
        {t("history")}
      </h2>
      {error ? <Alert tone="error">{text.action({ code: error.code })}</Alert> : null}
      {data && data.list.length === 0 ? <p className="text-sm text-muted">{t("empty")}</p> : null}
      {data && data.list.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t("benefit")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("redeemedAt")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("expiresAt")}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t("status")}</th>
                <th scope="col" className="py-2 font-medium">{t("codeColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={row.id} className="border-b border-gray-100 last:border-0">
                  <td className="py-2 pr-3 text-gray-900">{row.benefit}</td>
                  <td className="py-2 pr-3 tabular-nums">{dayOf(row.effectTime)}</td>
                  <td className="py-2 pr-3 tabular-nums">{dayOf(row.expireTime)}</td>
                  <td className="py-2 pr-3">
                    <span className={row.status === "succeeded" ? "text-primary-strong" : "text-muted"}>{t(`statusValue.${row.status}`)}</span>
                  </td>
                  <td className="py-2 font-mono text-xs">{row.code}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.total > 0 ? (
        <Pagination
          page={number}
          pageSize={size}
          total={data.total}
          sizes={HISTORY_PAGE_SIZES}
          totalText={t("total", { total: data.total })}
          disabled={isValidating}
          onPage={setNumber}
          onPageSize={(next) => {
            setSize(next);
            setNumber(1);
          }}
        />
      ) : null}
    </section>
  );
}
