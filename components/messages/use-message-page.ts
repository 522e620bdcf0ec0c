"use client";

import useSWR from "swr";
import type { MessageList } from "@/lib/contract/messages";
import { ErrorCode } from "@/lib/contract/errors";
import { useLaunchQuery } from "@/components/account/use-launch-query";
import { listKey, type ListRef } from "./keys";
import { MessageReadError, readApi } from "./use-unread-counts";

/**
 * One page of a tab through /api/messages (SWR). The page the server rendered is the starting
 * data of the first tab; the others load when their tab opens.
 */
export function useMessagePage(lang: string, ref: ListRef, initial: MessageList | null) {
  const launch = useLaunchQuery();
  const fallback = initial && initial.page === ref.page && initial.pageSize === ref.pageSize ? initial : undefined;
  return useSWR<MessageList, MessageReadError>(listKey(lang, launch, ref), readApi<MessageList>, {
    fallbackData: fallback,
    keepPreviousData: true,
    shouldRetryOnError: false,
    onError(error) {
      if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
    },
  });
}
