import { ErrorCode } from "@/lib/contract/errors";
import type { ActionError } from "./action-result";

/**
 * The one JSON shape of the portal's own /api routes, the same as a server action's result:
 * `{ok: true, data}` or `{ok: false, error: {code, redirect?, retryAfter?, fields?}}`, with the
 * code's HTTP status. A client reads every answer with `readApiAnswer` or `fetchApi`.
 */
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; error: ActionError };

function failed(code: number): { ok: false; error: ActionError } {
  return { ok: false, error: { code } };
}

/** An answer checked for its shape: anything else (a proxy's error page) is a system error. */
export function readApiAnswer<T>(body: unknown): ApiAnswer<T> {
  if (typeof body !== "object" || body === null || !("ok" in body)) return failed(ErrorCode.systemError);
  if (body.ok === true && "data" in body) return { ok: true, data: body.data as T };
  const error = "error" in body && typeof body.error === "object" && body.error !== null ? body.error : null;
  if (!error || !("code" in error) || typeof error.code !== "number") return failed(ErrorCode.systemError);
  const answer: ActionError = { code: error.code };
  if ("redirect" in error && typeof error.redirect === "string" && error.redirect.startsWith("/") && !error.redirect.startsWith("//")) {
    answer.redirect = error.redirect;
  }
  if ("retryAfter" in error && typeof error.retryAfter === "number") answer.retryAfter = error.retryAfter;
  if ("timedOut" in error && error.timedOut === true) answer.timedOut = true;
  return { ok: false, error: answer };
}

/** fetch for the portal's /api routes: network failures become 1000 (offline) or 1002. */
export async function fetchApi<T>(url: string, init?: RequestInit): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init });
  } catch {
    return failed(typeof navigator !== "undefined" && navigator.onLine === false ? ErrorCode.offline : ErrorCode.networkError);
  }
  try {
    return readApiAnswer<T>(await response.json());
  } catch {
    return failed(ErrorCode.systemError);
  }
}
