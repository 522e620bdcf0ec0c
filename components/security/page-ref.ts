"use client";

import { useCallback } from "react";
import { useSWRConfig } from "swr";

/** The security screen a section serves: its language, launch query and area. */
export type SecurityPageRef = { lang: string; query: string; business: boolean };

const SESSIONS_API = "/api/sessions";

/** The SWR key (and URL) of one page of the login log. */
export function sessionsKey(page: SecurityPageRef, number: number, size: number): string {
  const params = new URLSearchParams(page.query);
  params.delete("r");
  params.set("lang", page.lang);
  params.set("page", String(number));
  params.set("pageSize", String(size));
  if (page.business) params.set("business", "1");
  return `${SESSIONS_API}?${params.toString()}`;
}

/** Reloads every page of the login log that SWR holds (after sessions were ended). */
export function useRefreshSessions(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === "string" && key.startsWith(`${SESSIONS_API}?`)), [mutate]);
}
