import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { sessions, signInFailures } from "@/lib/backend/db/schema";
import { call, fromIp, lastCodeFor, mailIds, registerUser, ticketFor } from "./support/harness";
import { newBrowser, socialRoundTrip, socialBackendPerTest } from "./support/social";
import { secondStep, ticketOf, totpCode, turnOnTwoStep } from "./support/two-step";

/**
 * Social sign-in to an account with two-step on: every way a provider signs in (the browser's
 * round trip, the connection screen after a password or an emailed code, the email the provider
 * did not verify, a native app's provider token) opens no session and connects nothing before
 * the second step, and that step's ticket is counted like every held sign-in's.
 */
const { provider, backend } = socialBackendPerTest();

const DEVICE = "device-browser-0123456789abcdef";
const LAPTOP = { "x-device-id": DEVICE };
const OTHER = { "x-device-id": "device-other-0123456789abcdef0" };
/** what the portal adds to the round trip's start: the hash of its browser's device id */
const DH = createHash("sha256").update(DEVICE).digest("hex");

function later(seconds = 30): void {
  backend()?.advance(seconds);
}

async function liveSessions(uid: string) {
  const db = await getDb();
  return db.select().from(sessions).where(and(eq(sessions.userId, uid), isNull(sessions.endedAt)));
}

async function connected(token: string, channel: string): Promise<boolean> {
  const list = (await call("GET", "/v1/user/oauth/list", { token })).data as { providers: Array<{ channel: string; connected: boolean }> };
  return list.providers.find((item) => item.channel === channel)?.connected ?? false;
}

/** A code of purpose "social" for an email, as the connection screen requests it. */
async function socialCode(email: string): Promise<{ nonce: string; captcha: string }> {
  const seen = await mailIds(email);
  const nonce = String((await call("POST", "/v1/verify/email", { body: { email } })).data?.nonce);
  const ticket = await ticketFor("social", email);
  expect(await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type: "social", ticket } })).toMatchObject({ code: 0 });
  return { nonce, captcha: await lastCodeFor(email, seen) };
}

function otherCode(code: string): string {
  return code === "000000" ? "000001" : "000000";
}

describe("the browser's round trip", () => {
  test("a connected provider gets a second-step ticket and no session; the code opens a remembered social session; wrong codes count", async () => {
    const person = { email: "held@example.com", name: "Held" };
    const first = await socialRoundTrip(provider(), newBrowser(), "google", { identity: person });
    const token = first.searchParams.get("ut") ?? "";
    const uid = String((await call("GET", "/v1/user/basic", { token })).data?.uid);
    const { secret } = await turnOnTwoStep(token);
    const before = (await liveSessions(uid)).length;

    const back = await socialRoundTrip(provider(), newBrowser(), "google", { identity: person, query: { dh: DH, r: "http://localhost:3000/en/profile", appCode: "creative_space" } });
    expect(back.searchParams.get("ut")).toBeNull();
    expect(back.searchParams.get("lt")).toBeNull();
    expect(back.searchParams.get("c")).toBe("google");
    expect(back.searchParams.get("r")).toBe("http://localhost:3000/en/profile");
    expect(back.searchParams.get("p")).toBe("creative_space");
    const ticket = back.searchParams.get("tt") ?? "";
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await liveSessions(uid)).length).toBe(before);

    // bound to the browser that started it, and a wrong code counts for the ticket, the account and the failure log
    later();
    expect(await secondStep(ticket, "totp", totpCode(secret), OTHER)).toMatchObject({ status: 400, code: 20902 });
    expect(await secondStep(ticket, "totp", otherCode(totpCode(secret)), LAPTOP)).toMatchObject({ status: 400, code: 20903 });
    const db = await getDb();
    const logged = await db.select().from(signInFailures).where(eq(signInFailures.email, "held@example.com"));
    expect(logged.filter((row) => row.method === "two-step" && row.reason === 20903)).toHaveLength(1);
    expect((await liveSessions(uid)).length).toBe(before);

    const code = totpCode(secret);
    const done = await secondStep(ticket, "totp", code, LAPTOP);
    expect(done).toMatchObject({ status: 200, code: 0, data: { uid } });
    expect((await liveSessions(uid)).length).toBe(before + 1);
    const newest = (await liveSessions(uid)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest).toMatchObject({ remember: true, socialChannel: "google" });
    expect(await secondStep(ticket, "totp", code, LAPTOP)).toMatchObject({ code: 20902 });

    // the same code on a fresh ticket is a replay
    const again = (await socialRoundTrip(provider(), newBrowser(), "google", { identity: person, query: { dh: DH } })).searchParams.get("tt") ?? "";
    expect(await secondStep(again, "totp", code, LAPTOP)).toMatchObject({ status: 400, code: 20903 });
    // five wrong codes kill the ticket
    for (let i = 0; i < 3; i++) expect((await secondStep(again, "recovery", "aaaaa-aaaaa", LAPTOP)).code).toBe(20903);
    expect(await secondStep(again, "totp", otherCode(totpCode(secret)), LAPTOP)).toMatchObject({ code: 20903 });
    expect(await secondStep(again, "totp", totpCode(secret), LAPTOP)).toMatchObject({ code: 20902 });
  });

  test("a start without the portal's device hash is bound to no device: a browser's second step cannot use it", async () => {
    const person = { email: "nodevice@example.com" };
    const token = (await socialRoundTrip(provider(), newBrowser(), "facebook", { identity: person })).searchParams.get("ut") ?? "";
    const { secret } = await turnOnTwoStep(token);
    const ticket = (await socialRoundTrip(provider(), newBrowser(), "facebook", { identity: person })).searchParams.get("tt") ?? "";
    later();
    expect(await secondStep(ticket, "totp", totpCode(secret), LAPTOP)).toMatchObject({ code: 20902 });
    expect((await secondStep(ticket, "totp", totpCode(secret))).code).toBe(0);
  });
});

describe("the connection screen", () => {
  test("after the account's password: a ticket, no session and no connection until the second step", async () => {
    const { utoken, uid } = await registerUser("linked@example.com", "linked-pass1", LAPTOP);
    const { secret } = await turnOnTwoStep(utoken);
    const before = (await liveSessions(uid)).length;
    const lt = (await socialRoundTrip(provider(), newBrowser(), "google", { identity: { email: "linked@example.com" } })).searchParams.get("lt") ?? "";
    const held = await call("POST", "/v1/oauth/link/confirm", { body: { ticket: lt, method: "password", password: "linked-pass1" }, headers: LAPTOP });
    const ticket = ticketOf(held);
    expect((await liveSessions(uid)).length).toBe(before);
    expect(await connected(utoken, "google")).toBe(false);
    // the connection ticket is spent: it cannot be used again to skip the step
    expect(await call("POST", "/v1/oauth/link/confirm", { body: { ticket: lt, method: "password", password: "linked-pass1" }, headers: LAPTOP })).toMatchObject({ code: 20306 });

    later();
    expect(await secondStep(ticket, "totp", otherCode(totpCode(secret)), LAPTOP)).toMatchObject({ code: 20903 });
    expect(await connected(utoken, "google")).toBe(false);
    const done = await secondStep(ticket, "totp", totpCode(secret), LAPTOP);
    expect(done).toMatchObject({ code: 0, data: { uid } });
    expect(await connected(String(done.data?.utoken), "google")).toBe(true);
    const newest = (await liveSessions(uid)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest).toMatchObject({ remember: true, socialChannel: "google" });
  });

  test("after an emailed code, and for the email a provider did not verify", async () => {
    const { utoken, uid } = await registerUser("mailed@example.com", "mailed-pass1", LAPTOP);
    const { recoveryCodes } = await turnOnTwoStep(utoken);
    const here = { ...LAPTOP, ...fromIp("127.0.0.21") };

    const lt = (await socialRoundTrip(provider(), newBrowser(), "facebook", { identity: { email: "mailed@example.com" } })).searchParams.get("lt") ?? "";
    const first = await socialCode("mailed@example.com");
    const ticket = ticketOf(await call("POST", "/v1/oauth/link/confirm", { body: { ticket: lt, method: "code", ...first }, headers: here }));
    expect(await connected(utoken, "facebook")).toBe(false);
    expect(await secondStep(ticket, "recovery", recoveryCodes[0] ?? "", here)).toMatchObject({ code: 0, data: { uid } });
    expect(await connected(utoken, "facebook")).toBe(true);

    const unverified = await socialRoundTrip(provider(), newBrowser(), "apple", { identity: { email: "whatever@example.com", emailVerified: false } });
    const emailTicket = unverified.searchParams.get("lt") ?? "";
    later(61); // the email's wait between two codes
    const second = await socialCode("mailed@example.com");
    const before = (await liveSessions(uid)).length;
    const held = ticketOf(await call("POST", "/v1/oauth/link/confirm", { body: { ticket: emailTicket, method: "code", email: "mailed@example.com", ...second }, headers: here }));
    expect((await liveSessions(uid)).length).toBe(before);
    expect(await connected(utoken, "apple")).toBe(false);
    // a used recovery code is refused like any wrong one
    expect(await secondStep(held, "recovery", recoveryCodes[0] ?? "", here)).toMatchObject({ code: 20903 });
    expect(await secondStep(held, "recovery", recoveryCodes[1] ?? "", here)).toMatchObject({ code: 0, data: { uid } });
    expect(await connected(utoken, "apple")).toBe(true);
  });
});

describe("native apps", () => {
  test("a provider token of a two-step account answers 20901 with a ticket the app finishes with the same device id", async () => {
    const { utoken, uid } = await registerUser("app@example.com", "app-pass1", LAPTOP);
    const person = { sub: "g-app-1", email: "app@example.com", email_verified: true, aud: "google-ios-client" };
    // connect the provider first (the account's own session), then turn two-step on
    const bind = await call("POST", "/v1/oauth/google/login-with-accesstoken", { body: { cid: "google-ios-client", op: "bind", idToken: await provider().google.token(person) }, token: utoken });
    expect(bind.code).toBe(0);
    const { secret } = await turnOnTwoStep(utoken);
    const before = (await liveSessions(uid)).length;

    const exchange = () => provider().google.token(person).then((idToken) => call("POST", "/v1/oauth/google/login-with-accesstoken", { body: { cid: "google-ios-client", idToken }, headers: LAPTOP }));
    const ticket = ticketOf(await exchange());
    expect((await liveSessions(uid)).length).toBe(before);
    later();
    expect(await secondStep(ticket, "totp", totpCode(secret), OTHER)).toMatchObject({ code: 20902 });
    expect(await secondStep(ticket, "totp", otherCode(totpCode(secret)), LAPTOP)).toMatchObject({ code: 20903 });
    const done = await secondStep(ticket, "totp", totpCode(secret), LAPTOP);
    expect(done).toMatchObject({ code: 0, data: { uid, utoken: expect.any(String) } });
    const newest = (await liveSessions(uid)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest).toMatchObject({ remember: true, socialChannel: "google" });
  });
});
