import http from "node:http";
import https from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import { HEADER } from "@/lib/contract/headers";
import { isPagePath } from "./page-paths";

/**
 * Before Next reads a request, the app's Node server:
 *
 * - records who is on the socket: x-passport-peer is set to the socket's address (a value the
 *   client sent is overwritten); the services' route handlers identify their caller by it and
 *   the portal forwards it;
 * - without TRUST_PROXY drops the X-Forwarded-* headers a client sent about itself (no proxy
 *   vouches for them); Next then fills them from the socket and Host;
 * - gives every page response its security headers (CSP, framing, permissions, HSTS on https;
 *   lib/security/headers.ts), before Next or the proxy answers: a static page served without
 *   the proxy has them as much as a redirect or a refusal of the proxy;
 * - caps every request body: a declared length over the cap is answered 413 without reading a
 *   byte, and a chunked body is counted as it arrives and the connection dropped past the cap.
 *   Next buffers a request body it hands to a route or an action without back-pressure, so
 *   without this a client could make the server hold hundreds of megabytes. The routes' own,
 *   smaller limits (64 KB for the services' JSON, 1 MB for actions) still answer first.
 *
 * Called once, from instrumentation, in the Node server process.
 */
const PATCHED = Symbol.for("passport.incoming");
const FORWARDED = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

const MB = 1024 * 1024;
/** The avatar upload (5 MB and the multipart framing) is the largest body anything accepts. */
const UPLOAD_CAP = 8 * MB;
const DEFAULT_CAP = 2 * MB;
const UPLOAD_PATHS = ["/api/avatar", "/v1/user/headpic"];

export function bodyCapFor(url: string | undefined): number {
  const path = (url ?? "/").split("?")[0] ?? "/";
  return UPLOAD_PATHS.includes(path) ? UPLOAD_CAP : DEFAULT_CAP;
}

/** A server's emit as Node types it first: an event name and its arguments. */
type Emit = (this: unknown, event: string, ...args: unknown[]) => boolean;

function refuseTooLarge(response: ServerResponse): void {
  const body = JSON.stringify({ ok: false, error: { code: 10002 }, message: "Information out of limit." });
  response.writeHead(413, { "content-type": "application/json", "content-length": Buffer.byteLength(body), connection: "close" });
  response.end(body);
}

/** Counts the body's bytes as Node emits them (without a listener of its own, so no data is lost). */
function capStream(request: IncomingMessage, cap: number): void {
  let seen = 0;
  const emit: (event: string | symbol, ...args: unknown[]) => boolean = request.emit.bind(request);
  request.emit = function capped(event: string | symbol, ...args: unknown[]): boolean {
    if (event === "data") {
      const chunk = args[0] as { length?: number } | undefined;
      seen += chunk?.length ?? 0;
      if (seen > cap) {
        request.destroy();
        return false;
      }
    }
    return emit(event, ...args);
  } as typeof request.emit;
}

export type IncomingOptions = {
  trustProxy: boolean;
  /** The security headers of a page response, from the request's headers (https or not). */
  pageHeaders: (headers: IncomingMessage["headers"]) => Readonly<Record<string, string>>;
};

/** Patches one server prototype (exported for tests, which patch a subclass of their own). */
export function patchServer(proto: { emit: Emit; [PATCHED]?: true }, { trustProxy, pageHeaders }: IncomingOptions): void {
  if (proto[PATCHED]) return;
  const original = proto.emit;
  proto.emit = function emit(this: unknown, event: string, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as IncomingMessage | undefined;
      const response = args[1] as ServerResponse | undefined;
      if (request?.headers && response) {
        if (!trustProxy) for (const name of FORWARDED) delete request.headers[name];
        request.headers[HEADER.peer] = request.socket?.remoteAddress ?? "";
        if (isPagePath(request.url)) for (const [name, value] of Object.entries(pageHeaders(request.headers))) response.setHeader(name, value);
        const cap = bodyCapFor(request.url);
        if (Number(request.headers["content-length"] ?? 0) > cap) {
          refuseTooLarge(response);
          request.resume();
          return true;
        }
        capStream(request, cap);
      }
    }
    return original.call(this, event, ...args);
  };
  proto[PATCHED] = true;
}

export function guardIncomingRequests(options: IncomingOptions): void {
  patchServer(http.Server.prototype, options);
  patchServer(https.Server.prototype, options);
}
