"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { ErrorCode } from "@/lib/contract/errors";
import type { SnHistory } from "@/lib/contract/safety";
import { SN_HISTORY_PAGE_SIZES } from "@/lib/validation/training";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/security/pagination";
import { useErrorText } from "@/components/auth/use-error-text";
import type { TrainingPageRef } from "./page-ref";
import { useSnHistory } from "./use-sn-history";

/** Day and minute of an ISO time, in UTC like the services' dates (SPEC §9: YYYY-MM-DD). */
function dayAndMinute(iso: string): { day: string; minute: string } {
  return { day: iso.slice(0, 10), minute: iso.slice(11, 16) };
}

/**
 * The SN passwords issued to the user: SN, light source and when, newest first, and how many
 * new devices are left in the last 24 hours. The passwords are not listed again (the services
 * do not keep them): entering the SN in the form gives it again, without spending the budget.
 * The SN breaks anywhere, so the table fits a 320 px screen without sideways scrolling.
 */
export function SnHistoryTable({ page, initial }: { page: TrainingPageRef; initial: SnHistory | null }) {
  const t = useTranslations("training.snHistory");
  const tc = useTranslations("common");
  const text = useErrorText();
  const [number, setNumber] = useState(1);
  const [size, setSize] = useState<number>(SN_HISTORY_PAGE_SIZES[0]);
  const { data, error, isValidating } = useSnHistory(page, number, size, initial);
  // an upstream passport API without this product's history endpoint: no table rather than an error
  if (error?.code === ErrorCode.notFound) return null;
  return (
    <section aria-labelledby="sn-history-title" className="flex flex-col gap-3">
      <h3 id="sn-history-title" className="font-semibold text-gray-900">
        {t("title")}
      </h3>
      <p className="text-sm text-muted">{t("intro")}</p>
      {error ? <Alert tone="error">{text.action({ code: error.code })}</Alert> : null}
      {!data && !error ? (
        <p role="status" className="text-sm text-muted">
          {tc("loading")}
        </p>
      ) : null}
      {data ? <p className="text-sm text-gray-800">{t("budget", { used: data.devicesUsed, limit: data.devicesLimit })}</p> : null}
      {data && data.list.length === 0 ? <p className="text-sm text-muted">{t("empty")}</p> : null}
      {data && data.list.length > 0 ? (
        <table className="w-full table-fixed text-left text-sm" data-testid="sn-history">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="border-b border-gray-200 text-gray-600">
            <tr>
              <th scope="col" className="w-[46%] py-2 pr-3 font-medium">
                {t("sn")}
              </th>
              <th scope="col" className="w-[22%] py-2 pr-3 font-medium">
                {t("power")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("issuedAt")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((row) => {
              const { day, minute } = dayAndMinute(row.issuedAt);
              return (
                <tr key={row.id} className="border-b border-gray-100 align-top last:border-0">
                  <td className="break-all py-2 pr-3 font-mono text-xs text-gray-900">{row.sn}</td>
                  <td className="py-2 pr-3 tabular-nums">{row.power}</td>
                  <td className="py-2 tabular-nums">
                    <time dateTime={row.issuedAt}>
                      {day} <span className="whitespace-nowrap">{minute}</span>
                    </time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {data && data.total > 0 ? (
        <Pagination
          page={number}
          pageSize={size}
          total={data.total}
          sizes={SN_HISTORY_PAGE_SIZES}
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
