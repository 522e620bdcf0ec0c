import { sessionLogResponse, socialAccountsResponse, type LoginSessionItem } from "@/lib/contract/user";
import { getDb } from "@/lib/backend/db/client";
import { socialAccounts } from "@/lib/backend/db/schema";
import { now } from "@/lib/backend/clock";
import { createEnterprise } from "@/lib/backend/cli/commands";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";

/** Account security: changing the password, the login log and ending sessions, social accounts, whose IP is believed. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const reply = await call("POST", "/v1/login", { body: { email, password }, headers });
  expect(reply.code).toBe(0);
  return String(reply.data?.utoken);
}

async function sessionLog(token: string, query = ""): Promise<{ list: LoginSessionItem[]; total: number; page: number; pageSize: number }> {
  const reply = await call("GET", `/v1/user/session/log${query}`, { token });
  expect(reply.code).toBe(0);
  return sessionLogResponse.parse(reply.data);
}

function isLive(token: string): Promise<boolean> {
  return call("GET", "/v1/user/basic", { token }).then((reply) => reply.code === 0);
}

describe("changing the password", () => {
  test("a wrong current password → 20206 and nothing ends; then the new one works, the old is refused, the other sessions end, this one stays", async () => {
    const { utoken } = await registerUser("changer@example.com", "first-pass1");
    const other = await signIn("changer@example.com", "first-pass1");
    const wrong = await call("PATCH", "/v1/user/password", { token: utoken, body: { oldPassword: "not-it-1", newPassword: "second-pass2" } });
    expect(wrong).toMatchObject({ status: 400, code: 20206 });
    expect(await call("PATCH", "/v1/user/password", { token: utoken, body: { oldPassword: "first-pass1", newPassword: "12" } })).toMatchObject({ code: 10001 });
    expect(await isLive(other)).toBe(true);

    const changed = await call("PATCH", "/v1/user/password", { token: utoken, body: { oldPassword: "first-pass1", newPassword: "second-pass2" } });
    expect(changed).toMatchObject({ status: 200, code: 0 });
    expect(await isLive(utoken)).toBe(true);
    // signOutOthers is true unless said otherwise: a stolen password stops working elsewhere too
    expect(await call("GET", "/v1/user/basic", { token: other })).toMatchObject({ status: 401, code: 20101 });
    expect((await call("POST", "/v1/login", { body: { email: "changer@example.com", password: "first-pass1" } })).code).toBe(20205);
    expect((await call("POST", "/v1/login", { body: { email: "changer@example.com", password: "second-pass2" } })).code).toBe(0);
  });

  test("signOutOthers: false keeps the other sessions; a value that is not a boolean → 10001", async () => {
    const { utoken } = await registerUser("keeper@example.com", "first-pass1");
    const other = await signIn("keeper@example.com", "first-pass1");
    const odd = await call("PATCH", "/v1/user/password", { token: utoken, body: { oldPassword: "first-pass1", newPassword: "second-pass2", signOutOthers: "yes" } });
    expect(odd).toMatchObject({ status: 400, code: 10001 });
    const kept = await call("PATCH", "/v1/user/password", { token: utoken, body: { oldPassword: "first-pass1", newPassword: "second-pass2", signOutOthers: false } });
    expect(kept.code).toBe(0);
    expect(await isLive(other)).toBe(true);
    expect(await isLive(utoken)).toBe(true);
  });

  test("an enterprise user's change ends the other sessions too, unless signOutOthers is false", async () => {
    const acme = await createEnterprise({ account: "KEEP-CO", email: "it@keep-co.test", name: "Keep Co" });
    const enterpriseSignIn = async (password: string) =>
      String((await call("POST", "/v1/enterprise/login", { body: { account: "KEEP-CO", email: "it@keep-co.test", password } })).data?.utoken);
    const token = await enterpriseSignIn(acme.password);
    const other = await enterpriseSignIn(acme.password);
    expect((await call("PATCH", "/v1/enterprise/password", { token, body: { oldPassword: acme.password, newPassword: "second-pass2", signOutOthers: false } })).code).toBe(0);
    expect(await isLive(other)).toBe(true);
    expect((await call("PATCH", "/v1/enterprise/password", { token, body: { oldPassword: "second-pass2", newPassword: "third-pass3" } })).code).toBe(0);
    expect(await isLive(other)).toBe(false);
    expect(await isLive(token)).toBe(true);
  });
});

describe("the login log", () => {
  test("live sessions only, newest first, with the current one flagged, location, platform and os", async () => {
    await registerUser("logged@example.com", "log-pass-1", { ...fromIp("127.0.0.1"), "user-agent": MAC_CHROME });
    backend.advance(120);
    const phone = await signIn("logged@example.com", "log-pass-1", { ...fromIp("10.1.2.3"), "user-agent": IPHONE_SAFARI, "x-app-code": "atomm" });
    backend.advance(120);
    const pc = await signIn("logged@example.com", "log-pass-1", { ...fromIp("::1"), "x-client-user-agent": MAC_CHROME, "x-app-platform": "pc" });
    const ended = await signIn("logged@example.com", "log-pass-1");
    await call("POST", "/v1/user/logout", { token: ended });

    const log = await sessionLog(pc);
    expect(log).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(log.list.map((item) => [item.ip, item.current])).toEqual([
      ["::1", true],
      ["10.1.2.3", false],
      ["127.0.0.1", false],
    ]);
    expect(log.list[0]).toMatchObject({ location: null, platform: "pc", os: "macOS · Chrome 131", application: null });
    expect(log.list[1]).toMatchObject({ location: null, platform: "web-mobile", os: "iOS 18 · Safari 18", application: "atomm" });
    expect(log.list[2]).toMatchObject({ platform: "web-pc", os: "macOS · Chrome 131" });
    expect(log.list[1]?.firstLogin).toBe(log.list[1]?.lastLogin);
    expect(Date.parse(log.list[0]?.lastLogin ?? "")).toBeGreaterThan(Date.parse(log.list[1]?.lastLogin ?? ""));

    const second = await sessionLog(phone, "?page=2&pageSize=2");
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.list.map((item) => item.ip)).toEqual(["127.0.0.1"]);
    for (const query of ["?page=0", "?pageSize=51", "?pageSize=abc"]) {
      expect(await call("GET", `/v1/user/session/log${query}`, { token: pc })).toMatchObject({ status: 400, code: 10001 });
    }
    expect(await call("GET", "/v1/user/session/log")).toMatchObject({ code: 20101 });
  });

  test("clearing without an id ends every other session, not the current one", async () => {
    const { utoken: current } = await registerUser("clear@example.com", "clear-pass-1");
    const others = [await signIn("clear@example.com", "clear-pass-1"), await signIn("clear@example.com", "clear-pass-1")];
    const reply = await call("POST", "/v1/user/session/clear", { token: current });
    expect(reply).toMatchObject({ code: 0, data: { ended: 2 } });
    expect(await isLive(current)).toBe(true);
    for (const token of others) expect(await isLive(token)).toBe(false);
    expect((await sessionLog(current)).list.map((item) => item.current)).toEqual([true]);
    expect(await call("POST", "/v1/user/session/clear", { token: current, body: {} })).toMatchObject({ code: 0, data: { ended: 0 } });
  });

  test("clearing one session by id ends only that one", async () => {
    const { utoken: current } = await registerUser("one@example.com", "one-pass-1");
    const keep = await signIn("one@example.com", "one-pass-1");
    const drop = await signIn("one@example.com", "one-pass-1", fromIp("192.0.2.77"));
    const target = (await sessionLog(current)).list.find((item) => item.ip === "192.0.2.77");
    const reply = await call("POST", "/v1/user/session/clear", { token: current, body: { sessionId: target?.id } });
    expect(reply).toMatchObject({ code: 0, data: { ended: 1 } });
    expect(await isLive(drop)).toBe(false);
    expect(await isLive(keep)).toBe(true);
    expect(await isLive(current)).toBe(true);
    expect(await call("POST", "/v1/user/session/clear", { token: current, body: { sessionId: "not-a-uuid" } })).toMatchObject({ code: 10001 });
  });
});

describe("ownership", () => {
  test("user B cannot end user A's session (20102) and A's token still works; an unknown id → 20102", async () => {
    const a = await registerUser("owner-a@example.com", "a-pass-11");
    const b = await registerUser("owner-b@example.com", "b-pass-11");
    const aSession = (await sessionLog(a.utoken)).list[0]?.id;
    const reply = await call("POST", "/v1/user/session/clear", { token: b.utoken, body: { sessionId: aSession } });
    expect(reply).toMatchObject({ status: 403, code: 20102 });
    expect(await isLive(a.utoken)).toBe(true);
    expect(await isLive(b.utoken)).toBe(true);
    const unknown = await call("POST", "/v1/user/session/clear", { token: b.utoken, body: { sessionId: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown).toMatchObject({ status: 403, code: 20102 });
    // B's log shows none of A's sessions
    expect((await sessionLog(b.utoken)).list.map((item) => item.id)).not.toContain(aSession);
  });
});

describe("social accounts", () => {
  test("one item per provider with a client, connected only when linked to this user; a registered account has a password", async () => {
    const { utoken, uid } = await registerUser("social@example.com");
    // no provider has a client: none can be connected, none is listed
    const bare = socialAccountsResponse.parse((await call("GET", "/v1/user/oauth/list", { token: utoken })).data);
    expect(bare).toEqual({ providers: [], passwordSet: true });
    backend.reconfigure({ SOCIAL_GOOGLE_CLIENT_ID: "g-client", SOCIAL_GOOGLE_CLIENT_SECRET: "g-secret", SOCIAL_FACEBOOK_CLIENT_ID: "f-client" });
    try {
      // Facebook has no secret: not listed
      expect(socialAccountsResponse.parse((await call("GET", "/v1/user/oauth/list", { token: utoken })).data).providers).toEqual([{ channel: "google", connected: false, name: null }]);
    } finally {
      backend.reconfigure({ SOCIAL_GOOGLE_CLIENT_ID: undefined, SOCIAL_GOOGLE_CLIENT_SECRET: undefined, SOCIAL_FACEBOOK_CLIENT_ID: undefined });
    }
    const db = await getDb();
    await db.insert(socialAccounts).values({ userId: uid, channel: "apple", subject: "001.abc", name: "social@privaterelay.example", createdAt: now() });
    backend.reconfigure({ SOCIAL_PROVIDERS: "apple, GitHub", SOCIAL_GITHUB_ISSUER: "https://github.example", SOCIAL_GITHUB_CLIENT_ID: "gh", SOCIAL_GITHUB_CLIENT_SECRET: "gh-secret" });
    try {
      // Apple has no client but is still connected: listed, so it can be disconnected
      expect((await call("GET", "/v1/user/oauth/list", { token: utoken })).data).toEqual({
        providers: [
          { channel: "apple", connected: true, name: "social@privaterelay.example" },
          { channel: "github", connected: false, name: null },
        ],
        passwordSet: true,
      });
    } finally {
      backend.reconfigure({ SOCIAL_PROVIDERS: undefined, SOCIAL_GITHUB_ISSUER: undefined, SOCIAL_GITHUB_CLIENT_ID: undefined, SOCIAL_GITHUB_CLIENT_SECRET: undefined });
    }
    expect(await call("GET", "/v1/user/oauth/list")).toMatchObject({ code: 20101 });
  });
});

describe("whose address x-client-ip is", () => {
  test("believed only with the portal's key; a caller's own X-Forwarded-For only with TRUST_PROXY", async () => {
    const { utoken } = await registerUser("address@example.com", "addr-pass-1");
    backend.reconfigure({ TRUST_PROXY: undefined, PORTAL_SERVICES_KEY: "portal-shared-key-0123456789" });
    try {
      await signIn("address@example.com", "addr-pass-1", { "x-client-ip": "198.51.100.1", "x-portal-key": "portal-shared-key-0123456789" });
      await signIn("address@example.com", "addr-pass-1", { "x-client-ip": "198.51.100.2", "x-portal-key": "portal-shared-key-012345678" });
      await signIn("address@example.com", "addr-pass-1", fromIp("198.51.100.3"));
      const ips = (await sessionLog(utoken)).list.map((item) => item.ip);
      expect(ips).toContain("198.51.100.1");
      expect(ips).not.toContain("198.51.100.2");
      expect(ips).not.toContain("198.51.100.3");
    } finally {
      backend.reconfigure({ TRUST_PROXY: "1", PORTAL_SERVICES_KEY: undefined });
    }
  });
});
