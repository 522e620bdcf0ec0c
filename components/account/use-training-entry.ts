"use client";

import useSWR from "swr";
import { fetchApi } from "@/lib/session/api-answer";

/**
 * Whether the side menu shows safety training (SPEC §2, lib/training/menu-rule.ts), asked of
 * /api/training/menu with the page's launch context (its app version). Until it answers, and
 * when it cannot, the entry is shown: only the services' word removes it.
 */
export function useTrainingEntry(lang: string, launchQuery: string, enabled: boolean): boolean {
  const params = new URLSearchParams(launchQuery);
  params.set("lang", lang);
  const { data } = useSWR(enabled ? `/api/training/menu?${params}` : null, async (url: string) => {
    const answer = await fetchApi<{ visible: boolean }>(url, { cache: "no-store" });
    return answer.ok ? answer.data.visible : true;
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
  return data ?? true;
}
