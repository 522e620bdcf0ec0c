import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { bodyLimit } from "hono/body-limit";
import { AVATAR_MAX_BYTES } from "@/lib/contract/user";
import { ErrorCode } from "@/lib/contract/errors";
import { EXPORT_BODY_MAX_BYTES, IMPORT_MAX_BYTES } from "@/lib/contract/console/user-transfer";
import { callerLang, failure } from "./envelope";
import type { ServicesEnv } from "./env";

/**
 * Every body is read through a streaming limit: a declared Content-Length over it is refused
 * unread, and a chunked body is counted as it arrives and refused at the limit (the rest is
 * never buffered). JSON calls are small; the avatar upload, the users import and the users export
 * by ids (10 000 of them) have their own, larger limits.
 */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Room for the multipart boundaries and part headers around an uploaded file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

type OnTooLarge = (c: Context<ServicesEnv>) => Response;

/**
 * hono's bodyLimit, but a body of declared length (Content-Length, no Transfer-Encoding) is
 * judged by its header alone, as hono's does, without first asking whether the request has a
 * body: that question makes @hono/node-server build a whole Fetch Request with a web stream over
 * the socket, where its own reading of the JSON afterwards goes without (about a quarter of a
 * millisecond of CPU per call; docs/performance.md). A chunked body is counted by hono's.
 */
function limitTo(maxSize: number, onError: OnTooLarge): MiddlewareHandler<ServicesEnv> {
  const counted = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const declared = c.req.header("content-length");
    if (declared === undefined || c.req.header("transfer-encoding") !== undefined) return counted(c, next);
    return Number.parseInt(declared, 10) > maxSize ? onError(c) : next();
  };
}

const jsonLimit = limitTo(JSON_BODY_MAX_BYTES, (c) => failure(ErrorCode.informationOutOfLimit, undefined, undefined, callerLang(c)));
const avatarLimit = limitTo(AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, (c) => failure(ErrorCode.avatarTooLarge, undefined, undefined, callerLang(c)));

const importLimit = limitTo(IMPORT_MAX_BYTES, (c) => failure(ErrorCode.importTooLarge, { maxBytes: IMPORT_MAX_BYTES }, undefined, callerLang(c)));
const exportLimit = limitTo(EXPORT_BODY_MAX_BYTES, (c) => failure(ErrorCode.informationOutOfLimit, undefined, undefined, callerLang(c)));

export const limitBody = createMiddleware<ServicesEnv>(async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  if (c.req.path === "/v1/console/users/import") return importLimit(c, next);
  if (c.req.path === "/v1/console/users/export") return exportLimit(c, next);
  return (c.req.path === "/v1/user/headpic" ? avatarLimit : jsonLimit)(c, next);
});
