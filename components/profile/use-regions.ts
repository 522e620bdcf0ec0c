"use client";

import useSWR from "swr";
import type { RegionItem } from "@/lib/contract/user";
import { regionListAnswer } from "@/lib/validation/answers";
import { ErrorCode } from "@/lib/contract/errors";
import { fetchApi } from "@/lib/session/api-answer";

/** A failed region list, with the code the portal route answered. */
export class RegionsError extends Error {
  constructor(readonly code: number) {
    super(`regions ${code}`);
  }
}

async function fetchRegions(url: string): Promise<RegionItem[]> {
  const answer = await fetchApi<unknown>(url, { headers: { accept: "application/json" } });
  if (!answer.ok) throw new RegionsError(answer.error.code);
  const list = regionListAnswer.safeParse(answer.data);
  if (!list.success) throw new RegionsError(ErrorCode.systemError);
  return list.data;
}

/**
 * The regions of a country, from the portal's same-origin route (GET /api/regions/{id}), kept by
 * SWR so switching back to a country is instant. `initial` is what the page already loaded.
 */
export function useRegions(country: number | null, lang: string, query: string, initial: { country: number; regions: RegionItem[] } | null) {
  const params = new URLSearchParams(query);
  params.set("lang", lang);
  const key = country === null ? null : `/api/regions/${country}?${params.toString()}`;
  return useSWR<RegionItem[], RegionsError>(key, fetchRegions, {
    fallbackData: initial && initial.country === country ? initial.regions : undefined,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}

/**
 * Every country, named in the page's language (GET /api/regions): the browser keeps the answer
 * for an hour, so only a first visit waits for it. Not read again on focus.
 */
export function useCountries(lang: string) {
  return useSWR<RegionItem[], RegionsError>(`/api/regions?lang=${encodeURIComponent(lang)}`, fetchRegions, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
