import { and, count, eq } from "drizzle-orm";
import { createEnterprise } from "@/lib/backend/cli/commands";
import { getDb } from "@/lib/backend/db/client";
import { socialAccounts, users } from "@/lib/backend/db/schema";
import { call, lastCodeFor, mailIds, proveStepUp, registerUser, ticketFor } from "./support/harness";
import { decideAtProvider, newBrowser, returnFromProvider, socialRoundTrip, startSignIn, socialBackendPerTest } from "./support/social";
import { subjectFor } from "../support/oidc-provider";

/**
 * Social accounts and the accounts they belong to: the connection screen, the email a provider
 * did not verify, connecting from account security and disconnecting, and the rules that hold
 * even when requests race.
 */
const { provider, backend } = socialBackendPerTest();

async function providersOf(token: string): Promise<Record<string, boolean>> {
  const list = (await call("GET", "/v1/user/oauth/list", { token })).data as { providers: Array<{ channel: string; connected: boolean }> };
  return Object.fromEntries(list.providers.map((item) => [item.channel, item.connected]));
}

/** A code of purpose "social" for an email, as the connection screen requests it. */
async function socialCode(email: string): Promise<{ nonce: string; captcha: string }> {
  const seen = await mailIds(email);
  const nonce = String((await call("POST", "/v1/verify/email", { body: { email } })).data?.nonce);
  const ticket = await ticketFor("social", email);
  expect(await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type: "social", ticket } })).toMatchObject({ code: 0 });
  return { nonce, captcha: await lastCodeFor(email, seen) };
}

function confirm(body: Record<string, unknown>) {
  return call("POST", "/v1/oauth/link/confirm", { body });
}

describe("the connection screen", () => {
  test("a provider email of a password account merges nothing; the account's password connects it, once", async () => {
    await registerUser("owner@example.com", "owner-pass1");
    const back = await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "Owner@Example.com", name: "Owner G" } });
    expect(back.searchParams.get("ut")).toBeNull();
    expect(back.searchParams.get("c")).toBe("google");
    const ticket = back.searchParams.get("lt") ?? "";
    expect(await call("POST", "/v1/oauth/link", { body: { ticket } })).toMatchObject({ code: 0, data: { kind: "connect", channel: "google", email: "owner@example.com", name: "Owner G" } });

    expect(await confirm({ ticket, method: "password", password: "wrong-pass" })).toMatchObject({ status: 400, code: 20206 });
    const signedIn = await confirm({ ticket, method: "password", password: "owner-pass1" });
    expect(signedIn).toMatchObject({ code: 0, data: { created: false } });
    const token = String(signedIn.data?.utoken);
    expect(await providersOf(token)).toMatchObject({ google: true });
    expect(await confirm({ ticket, method: "password", password: "owner-pass1" })).toMatchObject({ code: 20306 });

    // From now on the same Google account signs in directly.
    const again = await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "owner@example.com" } });
    expect(await call("GET", "/v1/user/basic", { token: again.searchParams.get("ut") ?? "" })).toMatchObject({ data: { email: "owner@example.com" } });
  });

  test("or a code mailed to the account; a ticket allows five wrong passwords", async () => {
    await registerUser("coder@example.com", "coder-pass1");
    const first = (await socialRoundTrip(provider(), newBrowser(), "facebook", { identity: { email: "coder@example.com" } })).searchParams.get("lt") ?? "";
    for (let i = 0; i < 5; i++) expect((await confirm({ ticket: first, method: "password", password: `wrong-${i}` })).code).toBe(20206);
    // the account's password wait applies here as at sign-in; after it the ticket has no try left
    expect(await confirm({ ticket: first, method: "password", password: "coder-pass1" })).toMatchObject({ status: 429, code: 10004 });
    backend()?.advance(31);
    expect(await confirm({ ticket: first, method: "password", password: "coder-pass1" })).toMatchObject({ code: 20306 });

    const second = (await socialRoundTrip(provider(), newBrowser(), "facebook", { identity: { email: "coder@example.com" } })).searchParams.get("lt") ?? "";
    const { nonce, captcha } = await socialCode("coder@example.com");
    expect(await confirm({ ticket: second, method: "code", nonce, captcha: captcha === "000000" ? "111111" : "000000" })).toMatchObject({ code: 20204 });
    const signedIn = await confirm({ ticket: second, method: "code", nonce, captcha });
    expect(signedIn).toMatchObject({ code: 0, data: { created: false } });
    expect(await providersOf(String(signedIn.data?.utoken))).toMatchObject({ facebook: true });
  });

  test("a provider without a verified email: the email is asked for and proved with a code", async () => {
    const back = await socialRoundTrip(provider(), newBrowser(), "facebook", { identity: { email: "unverified@example.com", emailVerified: false, name: "No Mail" } });
    const ticket = back.searchParams.get("lt") ?? "";
    expect(await call("POST", "/v1/oauth/link", { body: { ticket } })).toMatchObject({ data: { kind: "email", email: null, name: "No Mail" } });
    expect(await confirm({ ticket, method: "password", password: "whatever" })).toMatchObject({ code: 10001 });
    const { nonce, captcha } = await socialCode("chosen@example.com");
    const signedIn = await confirm({ ticket, method: "code", email: "Chosen@Example.com", nonce, captcha });
    expect(signedIn).toMatchObject({ code: 0, data: { created: true } });
    expect(await call("GET", "/v1/user/basic", { token: String(signedIn.data?.utoken) })).toMatchObject({ data: { email: "chosen@example.com" } });
  });

  test("enterprise accounts never sign in socially", async () => {
    await createEnterprise({ account: "ACME-01", email: "boss@acme.test", name: "Acme" });
    const back = await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "boss@acme.test" } });
    expect(back.searchParams.get("error")).toBe("20305");
    expect(back.searchParams.get("lt")).toBeNull();
  });
});

/** A bind ticket of the session, as the portal asks for one before it sends the browser (social-bind.test.ts). */
async function bindTicket(token: string, channel: string): Promise<string> {
  const reply = await call("POST", "/v1/oauth/bind-ticket", { token, body: { channel } });
  expect(reply.code).toBe(0);
  return String(reply.data?.ticket);
}

/** op=bind for the session `token`: the portal callback address it ends on. */
async function bind(channel: "google" | "facebook", token: string, identity: { email: string; sub?: string }) {
  const bt = await bindTicket(token, channel);
  return socialRoundTrip(provider(), newBrowser(), channel, { identity, query: { op: "bind", bt, r: "http://localhost:3000/en/profile/security" } });
}

describe("connecting from account security and disconnecting", () => {
  test("a password account connects Facebook and disconnects it; disconnecting again fails", async () => {
    const { utoken } = await registerUser("member@example.com", "member-pass1");
    const back = await bind("facebook", utoken, { email: "member.fb@example.com" });
    expect(Object.fromEntries(back.searchParams)).toEqual({ op: "bind", c: "facebook", r: "http://localhost:3000/en/profile/security" });
    expect(await providersOf(utoken)).toEqual({ google: false, facebook: true, apple: false });
    // a way in goes away: a recent step-up proof of this session first
    expect(await call("POST", "/v1/user/unbind/oauth", { token: utoken, body: { channel: "facebook" } })).toMatchObject({ status: 403, code: 20113 });
    expect(await providersOf(utoken)).toEqual({ google: false, facebook: true, apple: false });
    await proveStepUp(utoken, "member@example.com", "member-pass1");
    expect(await call("POST", "/v1/user/unbind/oauth", { token: utoken, body: { channel: "facebook" } })).toMatchObject({ code: 0 });
    expect(await providersOf(utoken)).toEqual({ google: false, facebook: false, apple: false });
    expect(await call("POST", "/v1/user/unbind/oauth", { token: utoken, body: { channel: "facebook" } })).toMatchObject({ status: 409, code: 20303 });
  });

  test("refusals: taken by another account, another of the same provider, another account's email, no session", async () => {
    const a = await registerUser("a@example.com", "a-pass-123");
    const b = await registerUser("b@example.com", "b-pass-123");
    expect((await bind("google", a.utoken, { email: "shared@gmail.test" })).searchParams.get("c")).toBe("google");
    expect((await bind("google", b.utoken, { email: "shared@gmail.test" })).searchParams.get("error")).toBe("20302");
    expect((await bind("google", a.utoken, { email: "second@gmail.test" })).searchParams.get("error")).toBe("20309");
    expect((await bind("facebook", b.utoken, { email: "a@example.com" })).searchParams.get("error")).toBe("20208");
    const noSession = await startSignIn(newBrowser(), "facebook", { op: "bind" });
    expect(new URL(noSession.headers.get("location") ?? "").searchParams.get("error")).toBe("20101");
    expect(await providersOf(b.utoken)).toEqual({ google: false, facebook: false, apple: false });
  });

  test("an account made by social sign-in cannot lose its last way in; after a first password it can", async () => {
    const back = await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "solo@example.com" } });
    const token = back.searchParams.get("ut") ?? "";
    expect(await call("POST", "/v1/user/unbind/oauth", { token, body: { channel: "google" } })).toMatchObject({ status: 409, code: 20304 });

    const seen = await mailIds("solo@example.com");
    const nonce = String((await call("POST", "/v1/user/verify/email", { token, body: {} })).data?.nonce);
    const ticket = await ticketFor("findpwd", "solo@example.com");
    expect(await call("POST", "/v1/captcha", { body: { receiver: "solo@example.com", nonce, type: "findpwd", ticket } })).toMatchObject({ code: 0 });
    const captcha = await lastCodeFor("solo@example.com", seen);
    expect(await call("POST", "/v1/user/password/set", { token, body: { captcha, nonce, password: "first-pass1" } })).toMatchObject({ code: 0 });
    expect(await call("POST", "/v1/user/password/set", { token, body: { captcha, nonce, password: "first-pass1" } })).toMatchObject({ status: 409, code: 20310 });
    // the session stayed, and the new password works
    expect(await call("GET", "/v1/user/basic", { token })).toMatchObject({ code: 0 });
    expect(await call("POST", "/v1/login", { body: { email: "solo@example.com", password: "first-pass1" } })).toMatchObject({ code: 0 });
    await proveStepUp(token, "solo@example.com", "first-pass1");
    expect(await call("POST", "/v1/user/unbind/oauth", { token, body: { channel: "google" } })).toMatchObject({ code: 0 });
  });
});

describe("races", () => {
  test("one identity is never connected to two accounts, even when two connections race", async () => {
    const a = await registerUser("race-a@example.com", "a-pass-123");
    const b = await registerUser("race-b@example.com", "b-pass-123");
    const identity = { email: "racer@gmail.test", sub: "racer-1" };
    // Both browsers get as far as the provider's answer, then deliver it at the same moment.
    const answers = await Promise.all(
      [a.utoken, b.utoken].map(async (token) => {
        const browser = newBrowser();
        const started = await startSignIn(browser, "google", { op: "bind", bt: await bindTicket(token, "google") });
        return { browser, answer: await decideAtProvider(provider().google, started.headers.get("location") ?? "", "allow", identity) };
      }),
    );
    const outcomes = await Promise.all(answers.map(({ browser, answer }) => returnFromProvider(browser, answer)));
    expect(outcomes.map((url) => url.searchParams.get("c") ?? url.searchParams.get("error")).sort()).toEqual(["20302", "google"]);
    const db = await getDb();
    const [rows] = await db.select({ n: count() }).from(socialAccounts).where(and(eq(socialAccounts.channel, "google"), eq(socialAccounts.subject, "racer-1")));
    expect(rows?.n).toBe(1);
  });

  test("two first sign-ins of one new identity at once make one account", async () => {
    const identity = { email: "twin@gmail.test" };
    const outcomes = await Promise.all([1, 2].map(() => socialRoundTrip(provider(), newBrowser(), "google", { identity })));
    const tokens = outcomes.map((url) => url.searchParams.get("ut") ?? "");
    const uids = await Promise.all(tokens.map(async (token) => (await call("GET", "/v1/user/basic", { token })).data?.uid));
    expect(uids[0]).toEqual(expect.any(String));
    expect(uids[1]).toBe(uids[0]);
    const db = await getDb();
    const [rows] = await db.select({ n: count() }).from(users).where(eq(users.email, "twin@gmail.test"));
    expect(rows?.n).toBe(1);
    expect(subjectFor("twin@gmail.test")).toMatch(/^sub-/);
  });

  test("two disconnections at once never leave an account without a way in", async () => {
    const token = (await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "two-ways@example.com" } })).searchParams.get("ut") ?? "";
    expect((await bind("facebook", token, { email: "two-ways@example.com" })).searchParams.get("c")).toBe("facebook");
    // no password: the step-up proof is an emailed code
    await proveStepUp(token, "two-ways@example.com");
    const replies = await Promise.all(["google", "facebook"].map((channel) => call("POST", "/v1/user/unbind/oauth", { token, body: { channel } })));
    expect(replies.map((reply) => reply.code).sort()).toEqual([0, 20304]);
    expect(Object.values(await providersOf(token)).filter(Boolean)).toHaveLength(1);
  });
});
