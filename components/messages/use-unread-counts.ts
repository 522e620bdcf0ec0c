"use client";

import useSWR from "swr";
import type { UnreadCounts } from "@/lib/contract/message-rules";
import { fetchApi } from "@/lib/session/api-answer";
import { ErrorCode } from "@/lib/contract/errors";
import { useLaunchQuery } from "@/components/account/use-launch-query";
import { countsKey } from "./keys";

/** A failed read of the message centre, with the code to show (and, for 20101, where to go). */
export class MessageReadError extends Error {
  constructor(
    readonly code: number,
    readonly redirect: string | null,
  ) {
    super(`message read ${code}`);
  }
}

export async function readApi<T>(url: string): Promise<T> {
  const answer = await fetchApi<T>(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!answer.ok) throw new MessageReadError(answer.error.code, answer.error.redirect ?? null);
  return answer.data;
}

/** Counts refresh on their own (every 30 s and when the window gets focus), without a page load. */
export const COUNTS_REFRESH_MS = 30_000;

/**
 * The unread counts of the page's app (`p`), shared by the side menu's badge and the message
 * centre through one SWR key. A 20101 ends here like everywhere: the browser goes to login.
 */
export function useUnreadCounts(lang: string, initial?: UnreadCounts | null) {
  const launch = useLaunchQuery();
  return useSWR<UnreadCounts, MessageReadError>(countsKey(lang, launch), readApi<UnreadCounts>, {
    fallbackData: initial ?? undefined,
    refreshInterval: COUNTS_REFRESH_MS,
    shouldRetryOnError: false,
    onError(error) {
      if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
    },
  });
}
