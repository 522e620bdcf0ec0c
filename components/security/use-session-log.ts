"use client";

import useSWR from "swr";
import { sessionLogResponse, type LoginSessionItem } from "@/lib/contract/user";
import { ErrorCode } from "@/lib/contract/errors";
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

function fieldOf(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

async function fetchSessionLog(url: string): Promise<SessionLogPage> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new SessionLogError(ErrorCode.offline, null);
  let body: unknown;
  try {
    const response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
    body = await response.json();
  } catch {
    throw new SessionLogError(ErrorCode.networkError, null);
  }
  const code = fieldOf(body, "code");
  if (code === 0) {
    const parsed = sessionLogResponse.safeParse(fieldOf(body, "data"));
    if (parsed.success) return parsed.data;
    throw new SessionLogError(ErrorCode.systemError, null);
  }
  const redirect = fieldOf(body, "redirect");
  throw new SessionLogError(
    typeof code === "number" ? code : ErrorCode.systemError,
    typeof redirect === "string" && redirect.startsWith("/") ? redirect : null,
  );
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
