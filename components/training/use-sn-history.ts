"use client";

import { useSWRConfig } from "swr";
import type { SnHistory } from "@/lib/contract/safety";
import { usePagedList } from "@/components/ui/use-paged-list";
import type { TrainingPageRef } from "./page-ref";

const HISTORY_API = "/api/training/sn-passwords";

/** One page of the SN passwords issued to the user (SWR), starting from what the server rendered. */
export function useSnHistory(page: TrainingPageRef, number: number, size: number, initial: SnHistory | null) {
  return usePagedList<SnHistory>(HISTORY_API, page, number, size, initial, { revalidateOnFocus: false });
}

/** After a password was issued: the history's pages on screen are fetched again (one request each). */
export function useRefreshSnHistory(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === "string" && key.startsWith(`${HISTORY_API}?`));
}
