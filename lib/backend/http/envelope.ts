import type { Envelope } from "@/lib/contract/envelope";
import { HTTP_STATUS_BY_CODE, type ErrorCodeValue } from "@/lib/contract/errors";

/** Generic English texts for callers that show `message`; the portal translates by code. */
const MESSAGES: Partial<Record<ErrorCodeValue, string>> = {
  10000: "System error, please try again later.",
  10001: "Invalid request parameters.",
  10002: "Information out of limit.",
  10003: "Please wait before requesting another code.",
  10004: "Too many requests.",
  10006: "Not found.",
  20101: "Login has expired, please log in again.",
  20102: "Insufficient authority.",
  20103: "Account restricted.",
  20104: "Prohibited IP address.",
  20105: "Account banned.",
  20106: "Human verification required.",
  20107: "Human verification failed.",
  20201: "Account already exists.",
  20202: "Account does not exist.",
  20203: "Email not found.",
  20204: "Incorrect verification code.",
  20205: "Incorrect account or password.",
  20206: "Incorrect password.",
};

const HEADERS = { "cache-control": "no-store" };

export function success(data: unknown = {}): Response {
  const body: Envelope = { code: 0, data };
  return Response.json(body, { status: 200, headers: HEADERS });
}

export function failure(code: ErrorCodeValue, data?: Record<string, unknown>, message?: string): Response {
  const body: Envelope = { code, message: message ?? MESSAGES[code] ?? "Request failed." };
  if (data !== undefined) body.data = data;
  const headers = new Headers(HEADERS);
  // a throttled caller learns when to come back both ways: data.retryAfter and Retry-After
  const retryAfter = data?.retryAfter;
  if (typeof retryAfter === "number" && Number.isFinite(retryAfter)) headers.set("retry-after", String(Math.ceil(retryAfter)));
  return Response.json(body, { status: HTTP_STATUS_BY_CODE[code] ?? 500, headers });
}
