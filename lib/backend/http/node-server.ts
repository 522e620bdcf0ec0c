import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { answerMalformedRequest } from "@/lib/contract/malformed-request";
import { servicesApp } from "./app";

/**
 * The services on their own Node server (@hono/node-server): `npm run services`, and the backend
 * tests that attack the services as a remote client would (a real socket, bound to any
 * 127.0.0.0/8 address). The app identifies each caller by the socket of `incoming`.
 */
const CLOSE_GRACE_MS = 10_000;

export type ServicesServer = { server: ServerType; port: number; address: string; close(): Promise<void> };

export function listenServices(options: { port: number; hostname?: string }): Promise<ServicesServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: servicesApp().fetch, port: options.port, hostname: options.hostname }, (info: AddressInfo) => {
      server.off("error", reject);
      resolve({
        server,
        port: info.port,
        address: info.address,
        close: () =>
          new Promise<void>((done) => {
            // requests under way finish; idle keep-alive sockets would hold close() open, and
            // anything still running after the grace period is cut
            const cut = setTimeout(() => "closeAllConnections" in server && server.closeAllConnections(), CLOSE_GRACE_MS);
            cut.unref();
            server.close(() => {
              clearTimeout(cut);
              done();
            });
            if ("closeIdleConnections" in server) server.closeIdleConnections();
          }),
      });
    });
    server.once("error", reject);
    // bytes that are not a request (a body without a length) get the envelope, not an empty 400
    server.on("clientError", answerMalformedRequest);
  });
}
