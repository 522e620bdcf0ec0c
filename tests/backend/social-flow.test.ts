import { count } from "drizzle-orm";
import { Events, type MutableToken } from "oauth2-mock-server";
import { banIp, setUserStatus } from "@/lib/backend/cli/commands";
import { getDb } from "@/lib/backend/db/client";
import { sessions, users } from "@/lib/backend/db/schema";
import { call, OPEN_TIMEOUT, startBackend, stopBackend } from "./support/harness";
import {
  authUrl,
  decideAtProvider,
  newBrowser,
  PORTAL_CALLBACK,
  returnFromProvider,
  socialEnv,
  socialRoundTrip,
  startProviders,
  startSignIn,
  stopProviders,
  visit,
  type Providers,
} from "./support/social";

/**
 * The browser round trip of social sign-in against real OpenID Connect providers on loopback:
 * what signs a user in, and every answer that must not (nothing is created by a refused one).
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

/** The next ID token (or access token) the provider signs gets these claims. */
function onNextToken(channel: keyof Providers, change: (token: MutableToken) => void): void {
  const service = provider()[channel].server.service;
  const handler = (token: MutableToken) => {
    if (token.payload.aud === undefined) return; // the access token comes first; wait for the ID token
    service.off(Events.BeforeTokenSigning, handler);
    change(token);
  };
  service.on(Events.BeforeTokenSigning, handler);
}

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

describe("signing in with a provider", () => {
  test("a new Google user gets an account without a password and a session; the same Google account signs in again", async () => {
    const back = await socialRoundTrip(provider(), newBrowser(), "google", {
      identity: { email: "New.User@Example.com", name: "New User" },
      query: { lang: "en", appCode: "creative_space", appPlatform: "web-pc", r: "http://localhost:3000/en/profile/security" },
    });
    expect(`${back.origin}${back.pathname}`).toBe(PORTAL_CALLBACK);
    expect(back.searchParams.get("n")).toBe("1");
    expect(back.searchParams.get("r")).toBe("http://localhost:3000/en/profile/security");
    expect(back.searchParams.get("p")).toBe("creative_space");
    const token = back.searchParams.get("ut") ?? "";
    expect(await call("GET", "/v1/user/basic", { token })).toMatchObject({ code: 0, data: { email: "new.user@example.com" } });
    expect((await call("GET", "/v1/user/oauth/list", { token })).data).toEqual({
      providers: [
        { channel: "google", connected: true, name: "New User" },
        { channel: "facebook", connected: false, name: null },
        { channel: "apple", connected: false, name: null },
      ],
      passwordSet: false,
    });
    // The login log names the application and the provider.
    const log = await call("GET", "/v1/user/session/log", { token });
    expect(log.data?.list).toEqual([expect.objectContaining({ application: "creative_space", provider: "google", current: true })]);
    // No password works for it.
    expect(await call("POST", "/v1/login", { body: { email: "new.user@example.com", password: "anything" } })).toMatchObject({ code: 20205 });

    const again = await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "new.user@example.com" } });
    expect(again.searchParams.get("n")).toBeNull();
    const second = again.searchParams.get("ut") ?? "";
    expect(second).not.toBe(token);
    expect(await call("GET", "/v1/user/basic", { token: second })).toMatchObject({ data: { email: "new.user@example.com" } });
    expect(await totals()).toEqual({ users: 1, sessions: 2 });
  });

  test("Apple answers with a cross-site form_post, and its client secret is a JWT signed with the team's key", async () => {
    let secret = "";
    provider().apple.server.service.once(Events.BeforeResponse, (_response, req) => {
      secret = String(req.body.client_secret ?? "");
    });
    const browser = newBrowser();
    const started = await startSignIn(browser, "apple");
    const cookie = started.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/v1\/oauth\/apple\//);
    const answer = await decideAtProvider(provider().apple, started.headers.get("location") ?? "", "allow", { email: "fan@privaterelay.appleid.com" });
    expect(answer.method).toBe("POST");
    const back = await returnFromProvider(browser, answer);
    expect(back.searchParams.get("ut")).toEqual(expect.any(String));
    const [header, payload] = secret.split(".").slice(0, 2).map((part) => JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, unknown>);
    expect(header).toMatchObject({ alg: "ES256", kid: "KEY1234567" });
    expect(payload).toMatchObject({ iss: "TEAM123456", sub: "com.example.passport.web", aud: provider().apple.issuer });
  });

  test("the redirects are never cached and send no referrer", async () => {
    const started = await startSignIn(newBrowser(), "google");
    expect(started.headers.get("referrer-policy")).toBe("no-referrer");
    expect(started.headers.get("cache-control")).toBe("no-store");
    const location = new URL(started.headers.get("location") ?? "");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/v1/oauth/google/callback");
  });
});

describe("answers that are refused and create nothing", () => {
  async function expectRefused(back: URL): Promise<void> {
    expect(`${back.origin}${back.pathname}`).toBe(PORTAL_CALLBACK);
    expect(back.searchParams.get("error")).toBe("20301");
    expect(back.searchParams.get("ut")).toBeNull();
    expect(await totals()).toEqual({ users: 0, sessions: 0 });
  }

  test("a denied consent", async () => {
    await expectRefused(await socialRoundTrip(provider(), newBrowser(), "google", { decision: "deny" }));
  });

  test("a tampered state", async () => {
    const browser = newBrowser();
    const started = await startSignIn(browser, "google");
    const answer = await decideAtProvider(provider().google, started.headers.get("location") ?? "", "allow", { email: "a@example.com" });
    const url = new URL(answer.url);
    url.searchParams.set("state", `${url.searchParams.get("state") ?? ""}x`);
    await expectRefused(await returnFromProvider(browser, { method: "GET", url: url.href }));
  });

  test("an ID token with another nonce", async () => {
    onNextToken("google", (token) => {
      token.payload.nonce = "someone-elses-nonce";
    });
    await expectRefused(await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "a@example.com" } }));
  });

  test.each([
    ["another audience", (token: MutableToken) => void (token.payload.aud = "another-app")],
    ["another issuer", (token: MutableToken) => void (token.payload.iss = "http://127.0.0.1:1/")],
    ["an expired one", (token: MutableToken) => void (token.payload.exp = Math.floor(Date.now() / 1000) - 600)],
  ])("an ID token with %s", async (_what, change) => {
    onNextToken("google", change);
    await expectRefused(await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "a@example.com" } }));
  });

  test("a callback in a browser that did not start the sign-in (no pending authorization)", async () => {
    const started = await startSignIn(newBrowser(), "google");
    const answer = await decideAtProvider(provider().google, started.headers.get("location") ?? "", "allow", { email: "a@example.com" });
    await expectRefused(await returnFromProvider(newBrowser(), answer));
  });

  test("a replayed callback, even with the pending cookie put back", async () => {
    const browser = newBrowser();
    const started = await startSignIn(browser, "google");
    const saved = new Map(browser.cookies);
    const answer = await decideAtProvider(provider().google, started.headers.get("location") ?? "", "allow", { email: "a@example.com" });
    const first = await returnFromProvider(browser, answer);
    expect(first.searchParams.get("ut")).toEqual(expect.any(String));
    expect(browser.cookies.size).toBe(0); // the pending cookie is cleared
    const before = await totals();
    const replay = await returnFromProvider({ cookies: saved }, answer);
    expect(replay.searchParams.get("error")).toBe("20301");
    expect(replay.searchParams.get("ut")).toBeNull();
    expect(await totals()).toEqual(before);
  });

  test.each([
    ["another host", "https://evil.example/en/authcb"],
    ["another port", "http://localhost:3001/en/authcb"],
    ["another path", "http://localhost:3000/en/login"],
    ["a query", "http://localhost:3000/en/authcb?next=https://evil.example"],
    ["a nonce and more", `http://localhost:3000/en/authcb?sn=${"n".repeat(32)}&next=https://evil.example`],
    ["a malformed nonce", "http://localhost:3000/en/authcb?sn=short"],
    ["credentials", "http://user:pw@localhost:3000/en/authcb"],
    ["not a URL", "javascript:alert(1)"],
  ])("a foreign uri (%s) gets 20307 and no redirect", async (_what, uri) => {
    const response = await visit(newBrowser(), authUrl("google", { uri }));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.json()).toMatchObject({ code: 20307 });
  });

  test("the portal's round-trip nonce in uri comes back with the outcome", async () => {
    const nonce = "N0nce_of-the-portal-0123456789ab";
    const back = await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "nonce@example.com" }, query: { uri: `http://localhost:3000/en/authcb?sn=${nonce}` } });
    expect(back.pathname).toBe("/en/authcb");
    expect(back.searchParams.get("sn")).toBe(nonce);
    expect(back.searchParams.get("ut")).toEqual(expect.any(String));
  });

  test("a banned address, and a banned account", async () => {
    await banIp("203.0.113.7");
    const browser = newBrowser();
    const started = await startSignIn(browser, "google");
    const answer = await decideAtProvider(provider().google, started.headers.get("location") ?? "", "allow", { email: "banned@example.com" });
    const response = await visit(browser, answer.url, { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("20104");
    expect(await totals()).toEqual({ users: 0, sessions: 0 });

    const token = (await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "later-banned@example.com" } })).searchParams.get("ut");
    expect(token).toEqual(expect.any(String));
    await setUserStatus("later-banned@example.com", "banned");
    const again = await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "later-banned@example.com" } });
    expect(again.searchParams.get("error")).toBe("20105");
    expect(again.searchParams.get("ut")).toBeNull();
  });

  test("an unknown provider and a provider that is not configured go back with 20308", async () => {
    for (const channel of ["github", "facebook"]) {
      if (channel === "facebook") process.env.SOCIAL_FACEBOOK_CLIENT_SECRET = "";
      const { resetConfig } = await import("@/lib/backend/config");
      resetConfig();
      const response = await startSignIn(newBrowser(), channel);
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("20308");
    }
  });
});
