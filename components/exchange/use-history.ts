"use client";

import useSWR from "swr";
import type { ExchangeList } from "@/lib/contract/exchange";
import { ErrorCode } from "@/lib/contract/errors";
import { fetchApi } from "@/lib/session/api-answer";

/** The exchange screen a component serves: its language and launch query. */
export type ExchangePageRef = { lang: string; query: string };

const HISTORY_API = "/api/exchange/history";

export function historyKey(page: ExchangePageRef, number: number, size: number): string {
  const params = new URLSearchParams(page.query);
  params.delete("r");
  params.set("lang", page.lang);
  params.set("page", String(number));
  params.set("pageSize", String(size));
  return `${HISTORY_API}?${params.toString()}`;
}

export class HistoryError extends Error {
  constructor(
    readonly code: number,
    readonly redirect: string | null,
  ) {
    super(`history ${code}`);
  }
}

function isList(value: unknown): value is ExchangeList {
  return typeof value === "object" && value !== null && Array.isArray((value as { list?: unknown }).list) && typeof (value as { total?: unknown }).total === "number";
}

async function fetchHistory(url: string): Promise<ExchangeList> {
  const answer = await fetchApi<unknown>(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!answer.ok) throw new HistoryError(answer.error.code, answer.error.redirect ?? null);
  if (!isList(answer.data)) throw new HistoryError(ErrorCode.systemError, null);
  return answer.data;
}

/** One page of the redemption history (SWR), starting from what the server rendered. */
export function useHistory(page: ExchangePageRef, number: number, size: number, initial: ExchangeList | null) {
  const fallback = initial && initial.page === number && initial.pageSize === size ? initial : undefined;
  return useSWR<ExchangeList, HistoryError>(historyKey(page, number, size), fetchHistory, {
    fallbackData: fallback,
    keepPreviousData: true,
    shouldRetryOnError: false,
    revalidateOnMount: fallback === undefined,
    onError(error) {
      if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
    },
  });
}
