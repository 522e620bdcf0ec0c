import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { ErrorCodeValue, MessageLang } from "@/lib/contract/errors";
import { errorMessage } from "@/lib/contract/error-messages";
import { HTTP_STATUS_BY_CODE } from "@/lib/contract/http-status";
import type { ServicesEnv } from "./env";

export const NO_STORE = { "cache-control": "no-store" } as const;

/** The success envelope of a route whose `data` is `schema` (SPEC §7: code 0 is success). */
export function envelopeOf<T extends z.ZodType>(schema: T) {
  return z.object({ code: z.literal(0), data: schema });
}

export const failureEnvelope = z
  .object({
    code: z.number().int().openapi({ description: "the error code (lib/contract/errors.ts), never 0" }),
    message: z.string().openapi({ description: "what the code means, in the language of the `lang` header (zh, else English); the portal translates by code instead" }),
    data: z.record(z.string(), z.unknown()).optional().openapi({ description: "details some codes carry: fields, retryAfter, challenge" }),
  })
  .openapi("Failure");

/** A handler's answer: its data in the success envelope. The route's schema types `data`. */
export function reply<T>(c: Context, data: T) {
  return c.json({ code: 0 as const, data }, 200, NO_STORE);
}

/** The language of a failure's message: the caller's `lang` header (read by the app's first middleware; English before it ran). */
export function callerLang(c: Context<ServicesEnv>): MessageLang {
  return c.var.lang ?? "en";
}

/** A failure answer: the code, its HTTP status and its message (lib/contract/error-messages.ts) in `lang`. */
export function failure(code: ErrorCodeValue, data?: Record<string, unknown>, message?: string, lang: MessageLang = "en"): Response {
  const body: z.infer<typeof failureEnvelope> = { code, message: message ?? errorMessage(code, lang) };
  if (data !== undefined) body.data = data;
  const headers = new Headers(NO_STORE);
  // a throttled caller learns when to come back both ways: data.retryAfter and Retry-After
  const retryAfter = data?.retryAfter;
  if (typeof retryAfter === "number" && Number.isFinite(retryAfter)) headers.set("retry-after", String(Math.ceil(retryAfter)));
  return Response.json(body, { status: HTTP_STATUS_BY_CODE[code] ?? 500, headers });
}
