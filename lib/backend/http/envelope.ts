import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { ErrorCodeValue } from "@/lib/contract/errors";
import { HTTP_STATUS_BY_CODE } from "@/lib/contract/http-status";

/** Generic English texts for callers that show `message`; the portal translates by code. */
const MESSAGES: Partial<Record<ErrorCodeValue, string>> = {
  10000: "System error, please try again later.",
  10001: "Invalid request parameters.",
  10002: "Information out of limit.",
  10003: "Please wait before requesting another code.",
  10004: "Too many requests.",
  10006: "Not found.",
  10007: "System error, try later or contact customer service.",
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
  20220: "This password is on a list of common or leaked passwords; choose another one.",
  20401: "This site may not set the sign-in cookie for that domain.",
  20402: "That address is not an allowed destination.",
  20403: "Another account is already signed in on this site; it was kept.",
  20404: "This page was not opened by an allowed app.",
  20701: "The passkey could not be verified.",
  20702: "The passkey request has expired; please try again.",
  20703: "This account has the most passkeys it may have.",
  20704: "That is not a passkey answer.",
  20705: "Passkey not found.",
  20706: "That passkey is already registered.",
};

export const NO_STORE = { "cache-control": "no-store" } as const;

/** The success envelope of a route whose `data` is `schema` (SPEC §7: code 0 is success). */
export function envelopeOf<T extends z.ZodType>(schema: T) {
  return z.object({ code: z.literal(0), data: schema });
}

export const failureEnvelope = z
  .object({
    code: z.number().int().openapi({ description: "the error code (lib/contract/errors.ts), never 0" }),
    message: z.string().openapi({ description: "a generic English text; clients translate by code" }),
    data: z.record(z.string(), z.unknown()).optional().openapi({ description: "details some codes carry: fields, retryAfter, challenge" }),
  })
  .openapi("Failure");

/** A handler's answer: its data in the success envelope. The route's schema types `data`. */
export function reply<T>(c: Context, data: T) {
  return c.json({ code: 0 as const, data }, 200, NO_STORE);
}

export function failure(code: ErrorCodeValue, data?: Record<string, unknown>, message?: string): Response {
  const body: z.infer<typeof failureEnvelope> = { code, message: message ?? MESSAGES[code] ?? "Request failed." };
  if (data !== undefined) body.data = data;
  const headers = new Headers(NO_STORE);
  // a throttled caller learns when to come back both ways: data.retryAfter and Retry-After
  const retryAfter = data?.retryAfter;
  if (typeof retryAfter === "number" && Number.isFinite(retryAfter)) headers.set("retry-after", String(Math.ceil(retryAfter)));
  return Response.json(body, { status: HTTP_STATUS_BY_CODE[code] ?? 500, headers });
}
