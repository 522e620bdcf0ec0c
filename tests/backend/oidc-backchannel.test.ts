import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import * as client from "openid-client";
import { runCli } from "@/lib/backend/cli/run";
import { addSeconds, now } from "@/lib/backend/clock";
import { retryDueLogouts } from "@/lib/backend/oidc/revoke";
import { setStatus } from "@/lib/backend/services/console/user-actions";
import { OPEN_TIMEOUT, call, registerUser, stopBackend } from "./support/harness";
import { authorization, Browser, CALLBACK, listenProvider, redeem, relyingParty, signInThroughProvider, startProviderBackend, type OidcServer } from "./support/oidc";

/**
 * OpenID Back-Channel Logout: an app registered with a back-channel logout URI
 * (`client:create --backchannel-logout-uri`) is sent a logout token when the user's session
 * ends: a sign-out in the portal, that session ended from the sessions list, or any revocation
 * (here an operator's ban). The app's side is a
 * loopback receiver that checks the token with the provider's published keys, as an app would.
 */
let server: OidcServer;
let receiver: { server: Server; url: string; next(): Promise<string> };
// how many logout tokens the app refuses (503) before it takes one again
let refusals = 0;
beforeAll(async () => {
  server = await listenProvider();
  const waiting: Array<(token: string) => void> = [];
  const received: string[] = [];
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
  const next = () => new Promise<string>((resolve) => {
    const token = received.shift();
    if (token !== undefined) resolve(token);
    else waiting.push(resolve);
  });
  receiver = { server: http, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/backchannel`, next };
}, OPEN_TIMEOUT);
afterAll(async () => {
  await server.close();
  receiver.server.closeAllConnections();
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
});
beforeEach(() => startProviderBackend(server), OPEN_TIMEOUT);
afterEach(stopBackend);

async function appSignedIn(email: string) {
  const out: string[] = [];
  const argv = ["client:create", "--name", "Listening app", "--kind", "public", "--redirect-uri", CALLBACK, "--backchannel-logout-uri", receiver.url, "--reason", "back-channel test", "--json"];
  expect(await runCli(argv, { out: (line) => out.push(line), err: () => undefined })).toBe(0);
  const { clientId } = JSON.parse(out.join("\n")) as { clientId: string };
  const { utoken, uid } = await registerUser(email);
  const config = await relyingParty(server.origin, clientId, client.None());
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const started = await authorization(config);
  const tokens = await redeem(config, await signInThroughProvider(browser, started), started);
  return { clientId, utoken, uid, sid: tokens.claims()?.sid };
}

/** The logout token as the app checks it (OpenID Back-Channel Logout §2.6): signature by the provider's keys, iss, aud. */
async function verified(token: string, clientId: string): Promise<JWTPayload> {
  const { payload, protectedHeader } = await jwtVerify(token, createRemoteJWKSet(new URL(`${server.origin}/oidc/jwks`)), { issuer: server.origin, audience: clientId });
  expect(protectedHeader.typ).toBe("logout+jwt");
  return payload;
}

const EVENT = "http://schemas.openid.net/event/backchannel-logout";

test("signing out of the portal sends the app a logout token naming the user and the session", async () => {
  const { clientId, utoken, uid, sid } = await appSignedIn("leaves@example.com");
  expect(typeof sid).toBe("string");
  expect(await call("POST", "/v1/user/logout", { token: utoken })).toMatchObject({ code: 0 });
  const payload = await verified(await receiver.next(), clientId);
  expect(payload).toMatchObject({ iss: server.origin, aud: clientId, sub: uid, sid, events: { [EVENT]: {} } });
  expect(payload.nonce).toBeUndefined();
  expect(typeof payload.jti).toBe("string");
});

test("an operator's ban sends the app a logout token too", async () => {
  const { clientId, uid, sid } = await appSignedIn("banned@example.com");
  await setStatus(uid, "banned");
  expect(await verified(await receiver.next(), clientId)).toMatchObject({ sub: uid, sid, events: { [EVENT]: {} } });
});

test("ending that session from another device's sessions list sends the app a logout token", async () => {
  const { clientId, uid, sid } = await appSignedIn("listed@example.com");
  const other = await call("POST", "/v1/login", { body: { email: "listed@example.com", password: "secret-pass1" } });
  const token = String(other.data?.utoken);
  const log = await call("GET", "/v1/user/session/log?page=1&pageSize=10", { token });
  const list = (log.data?.list ?? []) as Array<{ id: string; current: boolean }>;
  const first = list.find((item) => !item.current);
  expect(await call("POST", "/v1/user/session/clear", { token, body: { sessionId: first?.id } })).toMatchObject({ code: 0, data: { ended: 1 } });
  expect(await verified(await receiver.next(), clientId)).toMatchObject({ sub: uid, sid, events: { [EVENT]: {} } });
});

test("an app that does not take its logout token is sent a fresh one later, once, by one instance", async () => {
  const { clientId, utoken, uid, sid } = await appSignedIn("retried@example.com");
  refusals = 1;
  expect(await call("POST", "/v1/user/logout", { token: utoken })).toMatchObject({ code: 0 });
  // not due yet: the first try again comes 30 s later
  expect(await retryDueLogouts(now())).toBe(0);
  const later = addSeconds(now(), 31);
  // two instances look at once: the token goes out once
  expect((await Promise.all([retryDueLogouts(later), retryDueLogouts(later)])).sort()).toEqual([0, 1]);
  const payload = await verified(await receiver.next(), clientId);
  expect(payload).toMatchObject({ iss: server.origin, aud: clientId, sub: uid, sid, events: { [EVENT]: {} } });
  expect(await retryDueLogouts(addSeconds(now(), 7 * 3600))).toBe(0);
});
