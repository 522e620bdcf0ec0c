import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { runCli } from "@/lib/backend/cli/run";
import { getDb } from "@/lib/backend/db/client";
import { emailNonces, outboxMails, signInFailures, usedChallenges, verificationCodes, verificationTickets } from "@/lib/backend/db/schema";
import { registerPruner } from "@/lib/backend/maintenance/registry";
import { call, fromIp, OPEN_TIMEOUT, registerUser, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";

/**
 * Work an anonymous caller can make the services do, and what it leaves behind: challenges
 * (a key derivation each) and email nonces (a row each) are limited per address, and the
 * services delete what no rule needs any more by themselves. The prune runs every second here.
 */

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ PRUNE_INTERVAL_SECONDS: "1" });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const DAY = 86_400;

async function rows(table: typeof emailNonces | typeof verificationCodes | typeof verificationTickets | typeof usedChallenges | typeof signInFailures | typeof outboxMails) {
  const [row] = await (await getDb()).select({ n: count() }).from(table);
  return row?.n ?? 0;
}

test("GET /v1/verify/challenge: 300 an hour per address, the 301st → 429; another address still gets one", async () => {
  const ask = (ip: string) => call("GET", `/v1/verify/challenge?scene=login&email=pow%40example.com`, { headers: fromIp(ip) });
  for (let i = 1; i <= 300; i++) expect((await ask("192.0.2.1")).code).toBe(0);
  expect(await ask("192.0.2.1")).toMatchObject({ status: 429, code: 10004, data: { retryAfter: expect.any(Number) } });
  expect((await ask("192.0.2.2")).code).toBe(0);
  backend.advance(3600);
  expect((await ask("192.0.2.1")).code).toBe(0);
});

test("POST /v1/verify/email: 120 nonces an hour per address, then 429 and no row stored; the signed-in variant counts too", async () => {
  const { utoken } = await registerUser("nonce-owner@example.com", "secret-pass1", fromIp("192.0.2.9"));
  const ip = fromIp("192.0.2.3");
  const before = await rows(emailNonces);
  for (let i = 1; i <= 120; i++) expect((await call("POST", "/v1/verify/email", { body: { email: `n-${i}@example.com` }, headers: ip })).code).toBe(0);
  expect(await call("POST", "/v1/verify/email", { body: { email: "n-121@example.com" }, headers: ip })).toMatchObject({ status: 429, code: 10004 });
  expect(await call("POST", "/v1/user/verify/email", { token: utoken, headers: ip })).toMatchObject({ status: 429, code: 10004 });
  expect(await rows(emailNonces)).toBe(before + 120);
  expect((await call("POST", "/v1/verify/email", { body: { email: "n-121@example.com" }, headers: fromIp("192.0.2.4") })).code).toBe(0);
  backend.advance(3600);
});

test("npm run cli -- prune deletes what no rule needs any more, keeps what is live, and a second run finds nothing", async () => {
  // one code flow leaves a nonce, a used challenge, a ticket, a code, a mail row and a mail file
  const email = "prune-me@example.com";
  await requestCode(email, "register", fromIp("192.0.2.5"));
  await call("POST", "/v1/login", { body: { email, password: "wrong-pass1" }, headers: fromIp("192.0.2.5") });
  const outbox = path.join(backend.dataDir, "outbox");
  expect(fs.readdirSync(outbox).length).toBeGreaterThan(0);

  backend.advance(31 * DAY);
  const live = await call("POST", "/v1/verify/email", { body: { email: "still-here@example.com" }, headers: fromIp("192.0.2.6") });
  await call("POST", "/v1/login", { body: { email: "still-here@example.com", password: "wrong-pass1" }, headers: fromIp("192.0.2.6") });
  expect(live.code).toBe(0);

  const out: string[] = [];
  expect(await runCli(["prune", "--reason", "pruning test"], { out: (line) => out.push(line), err: (line) => out.push(line) })).toBe(0);
  for (const name of ["email_nonces", "verification_codes", "verification_tickets", "used_challenges", "sign_in_failures", "outbox_mails", "outbox files"]) {
    expect(out.join("\n")).toMatch(new RegExp(`\\d+\\s+${name}`));
  }
  const db = await getDb();
  expect(await db.select({ email: emailNonces.email }).from(emailNonces)).toEqual([{ email: "still-here@example.com" }]);
  expect(await db.select({ email: signInFailures.email }).from(signInFailures)).toEqual([{ email: "still-here@example.com" }]);
  for (const table of [verificationCodes, verificationTickets, usedChallenges, outboxMails]) expect(await rows(table)).toBe(0);
  expect(fs.readdirSync(outbox)).toEqual([]);

  const again: string[] = [];
  await runCli(["prune", "--reason", "pruning test"], { out: (line) => again.push(line), err: (line) => again.push(line) });
  expect(again.join("\n")).not.toMatch(/^[1-9]/m);
});

test("the prune runs by itself while the services run, with every registered pruner", async () => {
  const pruned: Date[] = [];
  registerPruner({ name: "a feature's own table", prune: async (_db, at) => (pruned.push(at), 0) });
  await call("POST", "/v1/verify/email", { body: { email: "soon-gone@example.com" }, headers: fromIp("192.0.2.7") });
  backend.advance(601);
  const db = await getDb();
  const gone = async () => (await db.select().from(emailNonces).where(eq(emailNonces.email, "soon-gone@example.com"))).length === 0;
  for (let waited = 0; waited < 20_000 && !(await gone() && pruned.length > 0); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await gone()).toBe(true);
  expect(pruned.length).toBeGreaterThan(0);
});
