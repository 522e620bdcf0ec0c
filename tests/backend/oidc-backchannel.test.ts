import type { JWTPayload } from "jose";
import * as client from "openid-client";
import { runCli } from "@/lib/backend/cli/run";
import { addSeconds, now } from "@/lib/backend/clock";
import { retryDueLogouts } from "@/lib/backend/oidc/revoke";
import { setStatus } from "@/lib/backend/services/console/user-actions";
import { BACKCHANNEL_LOGOUT_EVENT, listenLogoutReceiver, logoutTokenAfter, verifiedLogoutToken, type LogoutReceiver } from "./support/logout-receiver";
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
let receiver: LogoutReceiver;
beforeAll(async () => {
  server = await listenProvider();
  receiver = await listenLogoutReceiver();
}, OPEN_TIMEOUT);
afterAll(async () => {
  await server.close();
  await receiver.close();
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

const verified = (token: string, clientId: string): Promise<JWTPayload> => verifiedLogoutToken(token, server.origin, clientId);
const EVENT = BACKCHANNEL_LOGOUT_EVENT;

test("signing out of the portal sends the app a logout token naming the user and the session", async () => {
  const { clientId, utoken, uid, sid } = await appSignedIn("leaves@example.com");
  expect(typeof sid).toBe("string");
  const token = await logoutTokenAfter(receiver, sid, async () => expect(await call("POST", "/v1/user/logout", { token: utoken })).toMatchObject({ code: 0 }));
  const payload = await verified(token, clientId);
  expect(payload).toMatchObject({ iss: server.origin, aud: clientId, sub: uid, sid, events: { [EVENT]: {} } });
  expect(payload.nonce).toBeUndefined();
  expect(typeof payload.jti).toBe("string");
});

test("an operator's ban sends the app a logout token too", async () => {
  const { clientId, uid, sid } = await appSignedIn("banned@example.com");
  const token = await logoutTokenAfter(receiver, sid, () => setStatus(uid, "banned"));
  expect(await verified(token, clientId)).toMatchObject({ sub: uid, sid, events: { [EVENT]: {} } });
});

test("ending that session from another device's sessions list sends the app a logout token", async () => {
  const { clientId, uid, sid } = await appSignedIn("listed@example.com");
  const other = await call("POST", "/v1/login", { body: { email: "listed@example.com", password: "secret-pass1" } });
  const token = String(other.data?.utoken);
  const log = await call("GET", "/v1/user/session/log?page=1&pageSize=10", { token });
  const list = (log.data?.list ?? []) as Array<{ id: string; current: boolean }>;
  const first = list.find((item) => !item.current);
  const ended = async () => expect(await call("POST", "/v1/user/session/clear", { token, body: { sessionId: first?.id } })).toMatchObject({ code: 0, data: { ended: 1 } });
  expect(await verified(await logoutTokenAfter(receiver, sid, ended), clientId)).toMatchObject({ sub: uid, sid, events: { [EVENT]: {} } });
});

test("an app that does not take its logout token is sent a fresh one later, once, by one instance", async () => {
  const { clientId, utoken, uid, sid } = await appSignedIn("retried@example.com");
  receiver.refuse(1);
  expect(await call("POST", "/v1/user/logout", { token: utoken })).toMatchObject({ code: 0 });
  // not due yet: the first try again comes 30 s later
  expect(await retryDueLogouts(now())).toBe(0);
  const later = addSeconds(now(), 31);
  // two instances look at once: the token goes out once
  expect((await Promise.all([retryDueLogouts(later), retryDueLogouts(later)])).sort()).toEqual([0, 1]);
  const payload = await verified(await receiver.next(String(sid)), clientId);
  expect(payload).toMatchObject({ iss: server.origin, aud: clientId, sub: uid, sid, events: { [EVENT]: {} } });
  expect(await retryDueLogouts(addSeconds(now(), 7 * 3600))).toBe(0);
});
