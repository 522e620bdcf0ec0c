import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from "jose";
import { addSeconds, now } from "@/lib/backend/clock";
import { retryDueLogouts } from "@/lib/backend/oidc/revoke";
import { captureLog } from "./harness";

/**
 * An app's back-channel logout URI on a loopback port: it takes the logout tokens the provider
 * POSTs (`logout_token` in a form) and hands them out. `next(sid)` is the first token for that
 * session, received or to come, or fails after `waitMs` (a test that waits in vain says so
 * instead of hanging, and its waiter cannot take a later test's token). `refuse(n)` makes it
 * answer the next n with a 503, as an app that is down would.
 */
export type LogoutReceiver = { url: string; next(sid: string, waitMs?: number): Promise<string>; refuse(times: number): void; close(): Promise<void> };

const sidOf = (token: string): unknown => {
  try {
    return decodeJwt(token).sid;
  } catch {
    return undefined;
  }
};

export async function listenLogoutReceiver(): Promise<LogoutReceiver> {
  const waiting: Array<{ sid: string; take: (token: string) => void }> = [];
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
      const at = waiting.findIndex((waiter) => waiter.sid === sidOf(token));
      if (at >= 0) waiting.splice(at, 1)[0]?.take(token);
      else received.push(token);
    });
  });
  http.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/backchannel`,
    next: (sid, waitMs = 30_000) =>
      new Promise<string>((resolve, reject) => {
        const at = received.findIndex((token) => sidOf(token) === sid);
        if (at >= 0) return resolve(received.splice(at, 1)[0] ?? "");
        const waiter = {
          sid,
          take: (token: string) => {
            clearTimeout(timer);
            resolve(token);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no logout token for session ${sid} within ${waitMs} ms`));
        }, waitMs);
        waiting.push(waiter);
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

/**
 * The logout token for session `sid` that `action` makes the services send (they send it before
 * they answer). The provider gives an app 2.5 s to take it (oidc-provider's own limit); on a
 * machine too loaded for that the send ends in a timeout, and what then brings the token is the
 * services' retry 30 s later (tested on its own in oidc-backchannel.test.ts): that one retry runs
 * here. Any other failure fails the test with the services' reason.
 */
export async function logoutTokenAfter(receiver: LogoutReceiver, sid: unknown, action: () => Promise<unknown>): Promise<string> {
  if (typeof sid !== "string") throw new Error("the app's tokens name no session (sid)");
  const { lines } = await captureLog(async () => void (await action()), "warn");
  const failure = lines.find((line) => line.event === "oidc backchannel logout failed");
  if (failure) {
    const reason = JSON.stringify(failure.err);
    if (!reason.includes("timeout")) throw new Error(`the app was not sent its logout token: ${reason}`);
    await retryDueLogouts(addSeconds(now(), 31));
  }
  return receiver.next(sid);
}
