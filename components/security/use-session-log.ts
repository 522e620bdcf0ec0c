"use client";

import useSWR from "swr";
import type { LoginSessionItem } from "@/lib/contract/user";
import { sessionLogAnswer } from "@/lib/validation/answers";
import { ErrorCode } from "@/lib/contract/errors";
import { fetchApi } from "@/lib/session/api-answer";
import { sessionsKey, type SecurityPageRef } from "./page-ref";

export type SessionLogPage = { list: LoginSessionItem[]; total: number; page: number; pageSize: number };

/** A failed read of the login log, with the code to show (and, for 20101, where to go). */
export class SessionLogError extends Error {
  constructor(
    readonly code: number,
    readonly redirect: string | null,
  ) {
    super(`session log ${code}`);
  }
}

async function fetchSessionLog(url: string): Promise<SessionLogPage> {
  const answer = await fetchApi<unknown>(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!answer.ok) throw new SessionLogError(answer.error.code, answer.error.redirect ?? null);
  const parsed = sessionLogAnswer.safeParse(answer.data);
  if (!parsed.success) throw new SessionLogError(ErrorCode.systemError, null);
  return parsed.data;
}

/**
 * One page of the login log through the portal's /api/sessions (SWR): the page the server
 * rendered is the starting data; focus and ended sessions refresh it. A 20101 means this
 * session itself was ended: the browser goes to the login page, which says so.
 */
export function useSessionLog(page: SecurityPageRef, number: number, size: number, initial: SessionLogPage | null) {
  const fallback = initial && initial.page === number && initial.pageSize === size ? initial : undefined;
  return useSWR<SessionLogPage, SessionLogError>(sessionsKey(page, number, size), fetchSessionLog, {
    // Also revalidated on mount, so the page is in SWR's cache and other sections can refresh it.
    fallbackData: fallback,
    keepPreviousData: true,
    shouldRetryOnError: false,
    onError(error) {
      if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
    },
  });
}
