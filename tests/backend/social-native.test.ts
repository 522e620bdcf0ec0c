import { count } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { sessions, users } from "@/lib/backend/db/schema";
import { call, OPEN_TIMEOUT, registerUser, startBackend, stopBackend } from "./support/harness";
import { CLIENT_IDS, socialEnv, startProviders, stopProviders, type Providers } from "./support/social";

/**
 * POST /v1/oauth/{channel}/login-with-accesstoken: native apps bring the provider's token; it is
 * checked with the provider (keys, issuer, audience, expiry; introspection for access tokens).
 */
let providers: Providers | undefined;

function provider(): Providers {
  if (!providers) throw new Error("providers not started");
  return providers;
}

async function totals(): Promise<{ users: number; sessions: number }> {
  const db = await getDb();
  const [u] = await db.select({ n: count() }).from(users);
  const [s] = await db.select({ n: count() }).from(sessions);
  return { users: u?.n ?? 0, sessions: s?.n ?? 0 };
}

function exchange(channel: string, body: Record<string, unknown>, token?: string) {
  return call("POST", `/v1/oauth/${channel}/login-with-accesstoken`, { body, token });
}

const person = { sub: "g-native-1", email: "native@example.com", email_verified: true, name: "Native User" };

beforeAll(async () => {
  providers = await startProviders();
}, OPEN_TIMEOUT);
afterAll(async () => {
  await stopProviders(providers);
});
beforeEach(async () => {
  await startBackend(socialEnv(provider()));
}, OPEN_TIMEOUT);
afterEach(stopBackend);

test("an ID token of our native client signs up, then signs in to the same account", async () => {
  const idToken = await provider().google.token({ ...person, aud: "google-ios-client" });
  const first = await exchange("google", { cid: "google-ios-client", op: "login", idToken });
  expect(first).toMatchObject({ code: 0, data: { created: true, uid: expect.any(String), utoken: expect.any(String) } });
  expect(await call("GET", "/v1/user/basic", { token: String(first.data?.utoken) })).toMatchObject({ data: { email: "native@example.com" } });
  const again = await exchange("google", { channel: "google", cid: "google-ios-client", idToken: await provider().google.token({ ...person, aud: "google-ios-client" }) });
  expect(again).toMatchObject({ code: 0, data: { created: false, uid: first.data?.uid } });
});

describe("refused, creating nothing", () => {
  test.each([
    ["another audience than the client named", async () => ({ cid: "google-ios-client", idToken: await provider().google.token({ ...person, aud: CLIENT_IDS.facebook }) })],
    ["a client id that is not ours", async () => ({ cid: "someone-elses-app", idToken: await provider().google.token({ ...person, aud: "someone-elses-app" }) })],
    ["another issuer", async () => ({ cid: "google-ios-client", idToken: await provider().google.token({ ...person, aud: "google-ios-client", iss: provider().facebook.issuer }) })],
    ["an expired one", async () => ({ cid: "google-ios-client", idToken: await provider().google.token({ ...person, aud: "google-ios-client" }, -120) })],
    ["one signed by another provider's key", async () => ({ cid: "google-ios-client", idToken: await provider().facebook.token({ ...person, aud: "google-ios-client", iss: provider().google.issuer }) })],
    ["one that is no token at all", async () => ({ cid: "google-ios-client", idToken: "not.a.token" })],
  ])("an ID token with %s", async (_what, body) => {
    expect(await exchange("google", await body())).toMatchObject({ status: 401, code: 20301 });
    expect(await totals()).toEqual({ users: 0, sessions: 0 });
  });

  test("an access token of another app, an expired one, and an Apple access token without its ID token", async () => {
    const foreign = await provider().google.token({ sub: person.sub, email: person.email, email_verified: true, client_id: "another-app" });
    expect(await exchange("google", { cid: "google-ios-client", accessToken: foreign })).toMatchObject({ code: 20301 });
    const expired = await provider().google.token({ sub: person.sub, email: person.email, email_verified: true, client_id: "google-ios-client" }, -120);
    expect(await exchange("google", { cid: "google-ios-client", accessToken: expired })).toMatchObject({ code: 20301 });
    const apple = await provider().apple.token({ sub: "apple-1", client_id: CLIENT_IDS.apple });
    expect(await exchange("apple", { cid: CLIENT_IDS.apple, accessToken: apple })).toMatchObject({ code: 20301 });
    expect(await totals()).toEqual({ users: 0, sessions: 0 });
  });

  test("a huge body, a malformed one, and a path that is no provider name", async () => {
    expect(await call("POST", "/v1/oauth/google/login-with-accesstoken", { raw: JSON.stringify({ cid: "x", idToken: "a".repeat(70_000) }) })).toMatchObject({ code: 10002 });
    expect(await call("POST", "/v1/oauth/google/login-with-accesstoken", { raw: "{not json" })).toMatchObject({ status: 400, code: 10001 });
    expect(await call("POST", "/v1/oauth/..%2Fuser/login-with-accesstoken", { body: { cid: "x", idToken: "y" } })).toMatchObject({ status: 400 });
    expect(await totals()).toEqual({ users: 0, sessions: 0 });
  });

  test("a body without any token, and a channel that contradicts the path", async () => {
    expect(await exchange("google", { cid: "google-ios-client" })).toMatchObject({ status: 400, code: 10001 });
    const idToken = await provider().google.token({ ...person, aud: "google-ios-client" });
    expect(await exchange("google", { channel: "facebook", cid: "google-ios-client", idToken })).toMatchObject({ status: 400, code: 10001 });
  });
});

test("an access token issued to our client is checked by introspection, and its email comes from userinfo", async () => {
  const accessToken = await provider().google.token({ sub: "g-access-1", email: "access@example.com", email_verified: true, client_id: "google-ios-client" });
  const reply = await exchange("google", { cid: "google-ios-client", accessToken });
  expect(reply).toMatchObject({ code: 0, data: { created: true } });
  expect(await call("GET", "/v1/user/basic", { token: String(reply.data?.utoken) })).toMatchObject({ data: { email: "access@example.com" } });
});

test("op=bind connects the provider to the utoken's account; an email of an existing account asks for the connection screen", async () => {
  const { utoken } = await registerUser("holder@example.com", "holder-pass1");
  const idToken = await provider().facebook.token({ sub: "fb-9", email: "holder@example.com", email_verified: true, aud: CLIENT_IDS.facebook });
  expect(await exchange("facebook", { cid: CLIENT_IDS.facebook, op: "bind", idToken })).toMatchObject({ status: 401, code: 20101 });
  const fresh = await provider().google.token({ sub: "g-holder", email: "holder@example.com", email_verified: true, aud: "google-ios-client" });
  const asked = await exchange("google", { cid: "google-ios-client", idToken: fresh });
  expect(asked).toMatchObject({ status: 409, code: 20311, data: { ticket: expect.any(String) } });
  expect(await call("POST", "/v1/oauth/link", { body: { ticket: asked.data?.ticket } })).toMatchObject({ data: { kind: "connect", email: "holder@example.com" } });
  const bound = await exchange("facebook", { cid: CLIENT_IDS.facebook, op: "bind", idToken }, utoken);
  expect(bound).toMatchObject({ code: 0, data: { utoken: null, created: false } });
  const list = (await call("GET", "/v1/user/oauth/list", { token: utoken })).data as { providers: Array<{ channel: string; connected: boolean }> };
  expect(list.providers.find((item) => item.channel === "facebook")?.connected).toBe(true);
});
