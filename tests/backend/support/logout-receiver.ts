import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";

/**
 * An app's back-channel logout URI on a loopback port: it takes the logout tokens the provider
 * POSTs (`logout_token` in a form) and hands them out in order. `refuse(n)` makes it answer the
 * next n with a 503, as an app that is down would.
 */
export type LogoutReceiver = { url: string; next(): Promise<string>; refuse(times: number): void; close(): Promise<void> };

export async function listenLogoutReceiver(): Promise<LogoutReceiver> {
  const waiting: Array<(token: string) => void> = [];
  const received: string[] = [];
  let refusals = 0;
  const http = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const token = new URLSearchParams(body).get("logout_token") ?? "";
      if (refusals > 0) {
        refusals -= 1;
        response.writeHead(503).end();
        return;
      }
      response.writeHead(200).end();
      const taker = waiting.shift();
      if (taker) taker(token);
      else received.push(token);
    });
  });
  http.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/backchannel`,
    next: () =>
      new Promise<string>((resolve) => {
        const token = received.shift();
        if (token !== undefined) resolve(token);
        else waiting.push(resolve);
      }),
    refuse: (times) => (refusals = times),
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";

/** The logout token as the app checks it (OpenID Back-Channel Logout §2.6): signature by the provider's keys, typ, iss, aud. */
export async function verifiedLogoutToken(token: string, issuer: string, clientId: string): Promise<JWTPayload> {
  const { payload, protectedHeader } = await jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/oidc/jwks`)), { issuer, audience: clientId });
  if (protectedHeader.typ !== "logout+jwt") throw new Error(`a logout token of type ${String(protectedHeader.typ)}`);
  return payload;
}
