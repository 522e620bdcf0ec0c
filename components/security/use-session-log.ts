"use client";

import useSWR from "swr";
import type { LoginSessionItem } from "@/lib/contract/user";
import { deviceSecurityAnswer, sessionLogAnswer } from "@/lib/validation/answers";
import type { FormSchema } from "@/lib/validation/form-schema";
import { ErrorCode } from "@/lib/contract/errors";
import type { DeviceSecurity } from "@/lib/upstream/security";
import { fetchApi } from "@/lib/session/api-answer";
import { devicesKey, sessionsKey, type SecurityPageRef } from "./page-ref";

export type SessionLogPage = { list: LoginSessionItem[]; total: number; page: number; pageSize: number };

/** A failed read of a paged security list, with the code to show (and, for 20101, where to go). */
export class SessionLogError extends Error {
  constructor(
    readonly code: number,
    readonly redirect: string | null,
  ) {
    super(`security list ${code}`);
  }
}

function fetchPage<T>(schema: FormSchema<T>) {
  return async (url: string): Promise<T> => {
    const answer = await fetchApi<unknown>(url, { headers: { accept: "application/json" }, cache: "no-store" });
    if (!answer.ok) throw new SessionLogError(answer.error.code, answer.error.redirect ?? null);
    const parsed = schema.safeParse(answer.data);
    if (!parsed.success) throw new SessionLogError(ErrorCode.systemError, null);
    return parsed.data;
  };
}
const fetchSessionLog = fetchPage(sessionLogAnswer);
const fetchDevices = fetchPage(deviceSecurityAnswer);

/**
 * One page of a security list through the portal's API (SWR): the page the server rendered is
 * the starting data; focus and changes refresh it. A 20101 means this session itself was ended:
 * the browser goes to the login page, which says so.
 */
function usePagedList<T extends { page: number; pageSize: number }>(key: string, fetcher: (url: string) => Promise<T>, number: number, size: number, initial: T | null) {
  const fallback = initial && initial.page === number && initial.pageSize === size ? initial : undefined;
  return useSWR<T, SessionLogError>(key, fetcher, {
    // Also revalidated on mount, so the page is in SWR's cache and other sections can refresh it.
    fallbackData: fallback,
    keepPreviousData: true,
    shouldRetryOnError: false,
    onError(error) {
      if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
    },
  });
}

/** One page of the login log (/api/sessions). */
export function useSessionLog(page: SecurityPageRef, number: number, size: number, initial: SessionLogPage | null) {
  return usePagedList(sessionsKey(page, number, size), fetchSessionLog, number, size, initial);
}

/** The device-security switch and one page of the known devices (/api/devices). */
export function useKnownDevices(page: SecurityPageRef, number: number, size: number, initial: DeviceSecurity | null) {
  return usePagedList(devicesKey(page, number, size), fetchDevices, number, size, initial);
}
