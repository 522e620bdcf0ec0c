"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { ExchangeList } from "@/lib/contract/exchange";
import { HISTORY_PAGE_SIZES } from "@/lib/validation/exchange";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/security/pagination";
import { useErrorText } from "@/components/auth/use-error-text";
import { HistoryRows } from "./history-rows";
import { useHistory, type ExchangePageRef } from "./use-history";

/** The redemption history: benefit, redemption date, expiration date, status and code, paged. */
export function HistoryTable({ page, initial }: { page: ExchangePageRef; initial: ExchangeList | null }) {
  const t = useTranslations("exchange");
  const text = useErrorText();
  const [number, setNumber] = useState(1);
  const [size, setSize] = useState<number>(HISTORY_PAGE_SIZES[0]);
  const { data, error, isValidating } = useHistory(page, number, size, initial);
  return (
    <section aria-labelledby="history-title" className="@container flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5">
      <h2 id="history-title" className="text-base font-semibold text-gray-900">
        {t("history")}
      </h2>
      {error ? <Alert tone="error">{text.action({ code: error.code })}</Alert> : null}
      {data && data.list.length === 0 ? <p className="text-sm text-muted">{t("empty")}</p> : null}
      {data && data.list.length > 0 ? (
        <HistoryRows rows={data.list} />
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
