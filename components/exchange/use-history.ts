"use client";

import type { ExchangeList } from "@/lib/contract/exchange";
import { usePagedList } from "@/components/ui/use-paged-list";

/** The exchange screen a component serves: its language and launch query. */
export type ExchangePageRef = { lang: string; query: string };

/** One page of the redemption history (SWR), starting from what the server rendered. */
export function useHistory(page: ExchangePageRef, number: number, size: number, initial: ExchangeList | null) {
  return usePagedList<ExchangeList>("/api/exchange/history", page, number, size, initial);
}
