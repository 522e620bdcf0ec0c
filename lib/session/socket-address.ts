import http from "node:http";
import https from "node:https";
import type { IncomingMessage } from "node:http";

/**
 * Without TRUST_PROXY nothing in front of the portal vouches for X-Forwarded-For, yet Next's
 * server only sets it to the socket's address when the request has none (`??=`): a header sent
 * by the client itself would reach server actions unchanged, and the services would log, limit
 * and ban whatever address it names. So, in the Node server process, a client's own
 * X-Forwarded-For is dropped before Next reads the request. Called once, from instrumentation.
 */
const PATCHED = Symbol.for("passport.socketAddressOnly");

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;

function patch(proto: { emit: Emit; [PATCHED]?: true }): void {
  if (proto[PATCHED]) return;
  const original = proto.emit;
  proto.emit = function emit(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as IncomingMessage | undefined;
      if (request?.headers) delete request.headers["x-forwarded-for"];
    }
    return original.call(this, event, ...args);
  };
  proto[PATCHED] = true;
}

export function useSocketAddressOnly(): void {
  patch(http.Server.prototype as unknown as { emit: Emit });
  patch(https.Server.prototype as unknown as { emit: Emit });
}
