import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { createEnterprise } from "@/lib/backend/cli/commands";
import { now } from "@/lib/backend/clock";
import { getDb } from "@/lib/backend/db/client";
import { knownDevices, sessions, signInFailures, socialAccounts, users, verificationCodes } from "@/lib/backend/db/schema";
import { call, envelope, lastCodeFor, mailIds, OPEN_TIMEOUT, proveStepUp, registerUser, send, startBackend, stopBackend, ticketFor, type Backend } from "./support/harness";

/** Deleting an account: the user's own code, both confirmations, then nothing of the account is left. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

/** POST /v1/user/verify/email for the caller, then a "delete" code to their address. */
async function deletionCode(token: string, email: string): Promise<{ nonce: string; code: string }> {
  const verified = await call("POST", "/v1/user/verify/email", { token });
  expect(verified.code).toBe(0);
  const nonce = String(verified.data?.nonce);
  const seen = await mailIds(email);
  const ticket = await ticketFor("delete", email);
  expect((await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type: "delete", ticket } })).code).toBe(0);
  return { nonce, code: await lastCodeFor(email, seen) };
}

async function rowsAbout(uid: string, email: string) {
  const db = await getDb();
  const tally = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? 0;
  return {
    users: await tally(db.select({ n: count() }).from(users).where(eq(users.id, uid))),
    sessions: await tally(db.select({ n: count() }).from(sessions).where(eq(sessions.userId, uid))),
    devices: await tally(db.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, uid))),
    social: await tally(db.select({ n: count() }).from(socialAccounts).where(eq(socialAccounts.userId, uid))),
    failures: await tally(db.select({ n: count() }).from(signInFailures).where(eq(signInFailures.email, email))),
    codes: await tally(db.select({ n: count() }).from(verificationCodes).where(eq(verificationCodes.email, email))),
  };
}

test("end to end: code, confirmations, then the account and its data are gone and the email can register again", async () => {
  const email = "leaving@example.com";
  const device = { "x-device-id": "device-leaving-0123456789abcdef" };
  const { utoken, uid } = await registerUser(email, "leave-pass-1", device);
  const other = await call("POST", "/v1/login", { body: { email, password: "leave-pass-1" } });
  await call("POST", "/v1/login", { body: { email, password: "wrong-pass-1" } });
  const form = new FormData();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
  form.set("headpic", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
  const headpic = String((await envelope(await send("PATCH", "/v1/user/headpic", { body: form, token: utoken }))).data?.headpic);
  const db = await getDb();
  await db.insert(socialAccounts).values({ userId: uid, channel: "google", subject: "g-123", name: email, createdAt: now() });
  expect(await rowsAbout(uid, email)).toMatchObject({ users: 1, sessions: 2, devices: 1, social: 1, failures: 1 });

  const { nonce, code } = await deletionCode(utoken, email);
  const wrong = code === "000000" ? "000001" : "000000";
  const unconfirmed = await call("POST", "/v1/user/delete", { token: utoken, body: { captcha: code, nonce, financialResponsibility: true, permanentDeletion: false } });
  expect(unconfirmed).toMatchObject({ status: 400, code: 10001, data: { fields: ["permanentDeletion"] } });
  const missing = await call("POST", "/v1/user/delete", { token: utoken, body: { captcha: code, nonce } });
  expect(missing).toMatchObject({ code: 10001 });

  // without a recent step-up proof of this session: 20113, nothing deleted, and the code is not spent
  const unproven = await call("POST", "/v1/user/delete", { token: utoken, body: { captcha: code, nonce, financialResponsibility: true, permanentDeletion: true } });
  expect(unproven).toMatchObject({ status: 403, code: 20113 });
  expect(await rowsAbout(uid, email)).toMatchObject({ users: 1, sessions: 2 });
  await proveStepUp(utoken, email, "leave-pass-1");
  expect(await call("POST", "/v1/user/delete", { token: utoken, body: { captcha: wrong, nonce, financialResponsibility: true, permanentDeletion: true } })).toMatchObject({ code: 20204 });
  expect((await call("GET", "/v1/user/basic", { token: utoken })).code).toBe(0);

  const deleted = await call("POST", "/v1/user/delete", { token: utoken, body: { captcha: code, nonce, financialResponsibility: true, permanentDeletion: true } });
  expect(deleted).toMatchObject({ status: 200, code: 0 });

  for (const token of [utoken, String(other.data?.utoken)]) {
    expect(await call("GET", "/v1/user/basic", { token })).toMatchObject({ status: 401, code: 20101 });
  }
  // the account is gone: a verified sign-in hears "Account does not exist"
  const ticket = await ticketFor("password_login", email);
  expect(await call("POST", "/v1/login", { body: { email, password: "leave-pass-1", ticket } })).toMatchObject({ status: 404, code: 20202 });
  expect(await envelope(await send("GET", headpic))).toMatchObject({ status: 404, code: 10006 });
  expect(fs.readdirSync(path.join(backend.dataDir, "files", "avatars"))).toEqual([]);
  // the refused sign-in just above is the only trace: a log of attempts on an address nobody owns
  expect(await rowsAbout(uid, email)).toEqual({ users: 0, sessions: 0, devices: 0, social: 0, failures: 1, codes: 0 });

  backend.advance(3600);
  const again = await registerUser(email, "new-life-1");
  expect(again.uid).not.toBe(uid);
  expect((await call("GET", "/v1/user/fullinfo", { token: again.utoken })).data).toMatchObject({ email, headpic: null });
});

test("another account's code does not delete; no session → 20101; enterprise accounts → 20102", async () => {
  const a = await registerUser("stay-a@example.com");
  const b = await registerUser("stay-b@example.com");
  const bCode = await deletionCode(b.utoken, "stay-b@example.com");
  await proveStepUp(a.utoken, "stay-a@example.com", "secret-pass1");
  const body = { captcha: bCode.code, nonce: bCode.nonce, financialResponsibility: true, permanentDeletion: true };
  expect(await call("POST", "/v1/user/delete", { token: a.utoken, body })).toMatchObject({ code: 20204 });
  expect(await call("POST", "/v1/user/delete", { body })).toMatchObject({ code: 20101 });
  expect(await call("POST", "/v1/user/verify/email")).toMatchObject({ code: 20101 });
  expect((await call("GET", "/v1/user/basic", { token: a.utoken })).code).toBe(0);
  expect((await call("GET", "/v1/user/basic", { token: b.utoken })).code).toBe(0);

  const acme = await createEnterprise({ account: "ACME-DEL", email: "boss@acme-del.test", name: "Acme" });
  const session = await call("POST", "/v1/enterprise/login", { body: { account: "ACME-DEL", email: "boss@acme-del.test", password: acme.password } });
  const token = String(session.data?.utoken);
  const code = await deletionCode(token, "boss@acme-del.test");
  const refused = await call("POST", "/v1/user/delete", { token, body: { captcha: code.code, nonce: code.nonce, financialResponsibility: true, permanentDeletion: true } });
  expect(refused).toMatchObject({ status: 403, code: 20102 });
  expect((await call("GET", "/v1/user/basic", { token })).code).toBe(0);
});
