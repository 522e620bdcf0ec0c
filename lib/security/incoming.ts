import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { IMPORT_MAX_BYTES } from "@/lib/contract/console/user-transfer";
import { SERVICES_API_PATH } from "@/lib/contract/api-paths";
import { errorMessage, messageLangOf } from "@/lib/contract/error-messages";
import { ErrorCode } from "@/lib/contract/errors";
import { HEADER } from "@/lib/contract/headers";
import { refusalBody } from "./refusal-body";
import { isPagePath } from "./page-paths";

/**
 * What the portal's server (server.ts, lib/server/portal-server.ts) does to every request before
 * Next reads it:
 *
 * - records who is on the socket: x-passport-peer is set to the socket's address (a value the
 *   client sent is overwritten); the services' route handlers identify their caller by it and
 *   the portal forwards it;
 * - without TRUST_PROXY drops the X-Forwarded-* headers a client sent about itself (no proxy
 *   vouches for them); Next then fills them from the socket and Host;
 * - gives every page response its security headers (CSP, framing, permissions, HSTS on https;
 *   lib/security/headers.ts) before Next or the proxy answers: a static page served without the
 *   proxy has them as much as a redirect or a refusal of the proxy. They are set first, so a
 *   header the proxy or Next sets later on the same response wins;
 * - caps every request body: a declared length over the cap is answered 413 without reading a
 *   byte, and a chunked body is counted as it arrives (CappedRequest) and the connection dropped
 *   past the cap. Next buffers a request body it hands to a route or an action without
 *   back-pressure, so without this a client could make the server hold hundreds of megabytes.
 *   The routes' own, smaller limits (64 KB for the services' JSON, 1 MB for actions) still
 *   answer first.
 *
 * Plain functions over Node's request and response, and a request class given to
 * `http.createServer({ IncomingMessage })` (Node's documented option): nothing is patched.
 */
const FORWARDED = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

const MB = 1024 * 1024;
/** The avatar upload (5 MB and the multipart framing) is the largest body anything accepts. */
const UPLOAD_CAP = 8 * MB;
const DEFAULT_CAP = 2 * MB;
const UPLOAD_PATHS = ["/api/avatar", "/v1/user/headpic"];
/** The console's users import: its file limit and the multipart framing (docs/import-export.md). */
const IMPORT_CAP = IMPORT_MAX_BYTES + MB;
const IMPORT_PATHS = ["/api/console/users/import", "/v1/console/users/import"];

export function bodyCapFor(url: string | undefined): number {
  const path = (url ?? "/").split("?")[0] ?? "/";
  if (IMPORT_PATHS.includes(path)) return IMPORT_CAP;
  return UPLOAD_PATHS.includes(path) ? UPLOAD_CAP : DEFAULT_CAP;
}

/**
 * The request class of the portal's server: counts the body's bytes as the HTTP parser hands
 * them over (push, the readable side's documented producer method) and destroys the request,
 * and with it the connection, once they pass the cap of its path. Nothing is read that would
 * not be read anyway, and no data event is taken from whoever reads the body.
 */
export class CappedRequest extends http.IncomingMessage {
  // set on the first chunk of a body, not in the constructor: a GET, most requests, never
  // pays for them (`declare`: no field is defined on every request object)
  private declare received: number | undefined;
  private declare cap: number | undefined;

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null && chunk !== undefined && !this.destroyed) {
      this.cap ??= bodyCapFor(this.url);
      this.received = (this.received ?? 0) + ((chunk as { length?: number }).length ?? 0);
      if (this.received > this.cap) {
        this.destroy();
        return false;
      }
    }
    return super.push(chunk, encoding);
  }
}

export type IncomingOptions = {
  trustProxy: boolean;
  /** The security headers of a page response, from the request's headers (https or not). */
  pageHeaders: (headers: IncomingHttpHeaders) => Readonly<Record<string, string>>;
};

/** The page headers as a list, made once per headers object (the server's are fixed per scheme). */
const ENTRIES = new WeakMap<Readonly<Record<string, string>>, ReadonlyArray<readonly [string, string]>>();

function headerEntries(headers: Readonly<Record<string, string>>): ReadonlyArray<readonly [string, string]> {
  let entries = ENTRIES.get(headers);
  if (!entries) ENTRIES.set(headers, (entries = Object.entries(headers)));
  return entries;
}

/**
 * The refusal of a declared body over the cap, in the envelope the path's callers read: the
 * services' `{code, message}` on their API (in the language of the `lang` header, as the
 * services answer a chunked body over their own limit), else the portal's (in the path's language).
 */
function tooLargeBody(request: IncomingMessage): string {
  const url = request.url ?? "/";
  const code = ErrorCode.informationOutOfLimit;
  if (SERVICES_API_PATH.test(url)) return JSON.stringify({ code, message: errorMessage(code, messageLangOf(request.headers[HEADER.lang]?.toString())) });
  return JSON.stringify(refusalBody(code, url.split("?")[0] ?? "/", "en"));
}

function refuseTooLarge(request: IncomingMessage, response: ServerResponse): void {
  const body = tooLargeBody(request);
  response.writeHead(413, { "content-type": "application/json", "content-length": Buffer.byteLength(body), connection: "close" });
  response.end(body);
  // what the client still sends is discarded, not buffered
  request.resume();
}

/**
 * Prepares one request for Next. Returns false when it has answered the request itself (a
 * declared body over the cap); the request must then not be handed on.
 */
export function prepareRequest(request: IncomingMessage, response: ServerResponse, { trustProxy, pageHeaders }: IncomingOptions): boolean {
  const headers = request.headers;
  if (!trustProxy) for (const name of FORWARDED) if (headers[name] !== undefined) delete headers[name];
  headers[HEADER.peer] = request.socket.remoteAddress ?? "";
  if (isPagePath(request.url)) for (const [name, value] of headerEntries(pageHeaders(headers))) response.setHeader(name, value);
  const length = headers["content-length"];
  if (length !== undefined && Number(length) > bodyCapFor(request.url)) {
    refuseTooLarge(request, response);
    return false;
  }
  return true;
}
