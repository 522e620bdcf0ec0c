"use client";

import { useCallback } from "react";
import { useSWRConfig } from "swr";

/** The security screen a section serves: its language, launch query and area. */
export type SecurityPageRef = { lang: string; query: string; business: boolean };

const SESSIONS_API = "/api/sessions";
const DEVICES_API = "/api/devices";

/** The SWR key (and URL) of one page of the login log. */
export function sessionsKey(page: SecurityPageRef, number: number, size: number): string {
  return pageKey(SESSIONS_API, page, number, size);
}

/** The SWR key (and URL) of one page of the known devices. */
export function devicesKey(page: SecurityPageRef, number: number, size: number): string {
  return pageKey(DEVICES_API, page, number, size);
}

function pageKey(api: string, page: SecurityPageRef, number: number, size: number): string {
  const params = new URLSearchParams(page.query);
  params.delete("r");
  params.set("lang", page.lang);
  params.set("page", String(number));
  params.set("pageSize", String(size));
  if (page.business) params.set("business", "1");
  return `${api}?${params.toString()}`;
}

/** Reloads every page of the login log that SWR holds (after sessions were ended). */
export function useRefreshSessions(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === "string" && key.startsWith(`${SESSIONS_API}?`)), [mutate]);
}
