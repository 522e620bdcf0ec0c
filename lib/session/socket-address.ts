import http from "node:http";
import https from "node:https";
import type { IncomingMessage } from "node:http";
import { HEADER } from "@/lib/contract/headers";

/**
 * Before Next reads a request, the app's Node server records who is on the socket and drops
 * what a client may not say about itself:
 *
 * - x-passport-peer is set to the socket's address (any value the client sent is overwritten);
 *   the services' route handlers identify their caller by it, and the portal forwards it.
 * - Without TRUST_PROXY no proxy vouches for X-Forwarded-*, so a client's own X-Forwarded-For,
 *   -Host, -Proto and -Port are removed; Next then fills them from the socket and Host.
 *
 * Called once, from instrumentation, in the Node server process.
 */
const PATCHED = Symbol.for("passport.socketAddress");
const FORWARDED = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;

function patch(proto: { emit: Emit; [PATCHED]?: true }, trustProxy: boolean): void {
  if (proto[PATCHED]) return;
  const original = proto.emit;
  proto.emit = function emit(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as IncomingMessage | undefined;
      if (request?.headers) {
        if (!trustProxy) for (const name of FORWARDED) delete request.headers[name];
        request.headers[HEADER.peer] = request.socket?.remoteAddress ?? "";
      }
    }
    return original.call(this, event, ...args);
  };
  proto[PATCHED] = true;
}

export function recordSocketAddress(trustProxy: boolean): void {
  patch(http.Server.prototype as unknown as { emit: Emit }, trustProxy);
  patch(https.Server.prototype as unknown as { emit: Emit }, trustProxy);
}
