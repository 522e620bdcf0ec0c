"use client";

import useSWR, { useSWRConfig } from "swr";
import { ErrorCode } from "@/lib/contract/errors";
import type { SnHistory } from "@/lib/contract/safety";
import { fetchApi } from "@/lib/session/api-answer";
import type { TrainingPageRef } from "./page-ref";

const HISTORY_API = "/api/training/sn-passwords";

export function snHistoryKey(page: TrainingPageRef, number: number, size: number): string {
  const params = new URLSearchParams(page.query);
  params.delete("r");
  params.set("lang", page.lang);
  params.set("page", String(number));
  params.set("pageSize", String(size));
  return `${HISTORY_API}?${params.toString()}`;
}

export class SnHistoryError extends Error {
  constructor(
    readonly code: number,
    readonly redirect: string | null,
  ) {
    super(`sn history ${code}`);
  }
}

function isHistory(value: unknown): value is SnHistory {
  return typeof value === "object" && value !== null && Array.isArray((value as { list?: unknown }).list) && typeof (value as { total?: unknown }).total === "number";
}

async function fetchHistory(url: string): Promise<SnHistory> {
  const answer = await fetchApi<unknown>(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!answer.ok) throw new SnHistoryError(answer.error.code, answer.error.redirect ?? null);
  if (!isHistory(answer.data)) throw new SnHistoryError(ErrorCode.systemError, null);
  return answer.data;
}

/** One page of the SN passwords issued to the user (SWR), starting from what the server rendered. */
export function useSnHistory(page: TrainingPageRef, number: number, size: number, initial: SnHistory | null) {
  const fallback = initial && initial.page === number && initial.pageSize === size ? initial : undefined;
  return useSWR<SnHistory, SnHistoryError>(snHistoryKey(page, number, size), fetchHistory, {
    fallbackData: fallback,
    keepPreviousData: true,
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnMount: fallback === undefined,
    onError(error) {
      if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
    },
  });
}

/** After a password was issued: the history's pages on screen are fetched again (one request each). */
export function useRefreshSnHistory(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === "string" && key.startsWith(`${HISTORY_API}?`));
}
