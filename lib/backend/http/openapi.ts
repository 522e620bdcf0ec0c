import type { z } from "@hono/zod-openapi";
import { envelopeOf, failureEnvelope } from "./envelope";

/**
 * Pieces of the services' route declarations (createRoute from @hono/zod-openapi): a JSON
 * request body, a query, and the answers. The success answer wraps `data` in the envelope, so a
 * handler that returns anything else for `data` does not compile.
 */
export function json<T extends z.ZodType>(schema: T) {
  return { content: { "application/json": { schema } }, required: true as const };
}

/** A JSON body a caller may leave out (all its fields are optional): read as `{}`. */
export function optionalJson<T extends z.ZodType>(schema: T) {
  return { content: { "application/json": { schema } }, required: false as const };
}

const FAILURE = {
  content: { "application/json": { schema: failureEnvelope } },
  description: "Failure: a non-zero code (lib/contract/errors.ts) with that code's HTTP status",
};

export function ok<T extends z.ZodType>(schema: T, description = "Success") {
  return {
    200: { content: { "application/json": { schema: envelopeOf(schema) } }, description },
    default: FAILURE,
  };
}

/** Routes that need the session token in the `utoken` header. */
export const SESSION = [{ utoken: [] }];
