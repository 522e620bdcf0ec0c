import { eq } from "drizzle-orm";
import { banIp, setUserStatus, unbanIp } from "@/lib/backend/cli/commands";
import { getDb } from "@/lib/backend/db/client";
import { signInFailures } from "@/lib/backend/db/schema";
import {
  askForCode,
  call,
  fromIp,
  OPEN_TIMEOUT,
  registerUser,
  requestCode,
  startBackend,
  stopBackend,
  ticketFor,
  type Backend,
  type Reply,
} from "./support/harness";

/**
 * Sign-in protection as a caller sees it: human verification after repeated failures, the
 * growing wait after wrong passwords, the per-IP failure cap, account status and the IP ban
 * list, and the failure log.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const PASSWORD = "right-pass1";

function signIn(email: string, password: string, options: { ticket?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return call("POST", "/v1/login", { body: { email, password, ticket: options.ticket }, headers: options.headers });
}

/** A wrong password, with a ticket when one is needed. */
async function fail(email: string, withTicket: boolean, headers?: Record<string, string>): Promise<Reply> {
  const ticket = withTicket ? await ticketFor("password_login", email, headers) : undefined;
  return signIn(email, "wrong-pass", { ticket, headers });
}

describe("human verification for sign-in", () => {
  test("after 3 failures for an email in an hour a ticket is needed (20106); it is bound to scene and email and works once", async () => {
    const email = "verify-me@example.com";
    await registerUser(email, PASSWORD);
    for (let i = 0; i < 3; i++) expect(await fail(email, false)).toMatchObject({ status: 401, code: 20205 });

    // even the right password now needs a verification first
    expect(await signIn(email, PASSWORD)).toMatchObject({ status: 428, code: 20106 });
    const forCodes = await ticketFor("register", email);
    expect(await signIn(email, PASSWORD, { ticket: forCodes })).toMatchObject({ status: 400, code: 20107 });
    const forSomeoneElse = await ticketFor("password_login", "someone-else@example.com");
    expect(await signIn(email, PASSWORD, { ticket: forSomeoneElse })).toMatchObject({ code: 20107 });
    expect(await signIn(email, PASSWORD, { ticket: "T".repeat(43) })).toMatchObject({ code: 20107 });

    const ticket = await ticketFor("password_login", email);
    expect(await signIn(email, PASSWORD, { ticket })).toMatchObject({ status: 200, code: 0 });
    expect(await signIn(email, PASSWORD, { ticket })).toMatchObject({ code: 20107 });

    // a ticket lives 2 minutes
    const late = await ticketFor("password_login", email);
    backend.advance(121);
    expect(await signIn(email, PASSWORD, { ticket: late })).toMatchObject({ code: 20107 });

    // an hour after the failures, no verification is asked for
    backend.advance(3600);
    expect(await signIn(email, PASSWORD)).toMatchObject({ code: 0 });
  });

  test("only the email's own wrong accounts or passwords count: another email's failures, or an unknown email's, ask nothing of it", async () => {
    const email = "counted-alone@example.com";
    const neighbour = "noisy-neighbour@example.com";
    // an address of its own, so the IP's failure count stays under its threshold and out of other tests
    const headers = fromIp("192.0.2.40");
    await registerUser(email, PASSWORD);
    await registerUser(neighbour, PASSWORD);
    for (let i = 0; i < 3; i++) expect(await fail(neighbour, false, headers)).toMatchObject({ code: 20205 });
    // an unknown email gets the wrong password's answer (no verification was passed)
    for (let i = 0; i < 3; i++) expect(await signIn("nobody-here@example.com", PASSWORD, { headers })).toMatchObject({ code: 20205 });
    expect(await signIn(neighbour, PASSWORD, { headers })).toMatchObject({ status: 428, code: 20106 });
    expect(await signIn("nobody-here@example.com", PASSWORD, { headers })).toMatchObject({ code: 20106 });
    expect(await signIn(email, PASSWORD, { headers })).toMatchObject({ status: 200, code: 0 });
  });

  test("after 10 failures from one IP in an hour, every sign-in from it needs a ticket", async () => {
    const ip = fromIp("192.0.2.10");
    await registerUser("fresh@example.com", PASSWORD);
    for (let i = 0; i < 10; i++) expect((await signIn(`nobody-${i}@example.com`, "whatever1", { headers: ip })).code).toBe(20205);
    expect(await signIn("fresh@example.com", PASSWORD, { headers: ip })).toMatchObject({ code: 20106 });
    expect((await signIn("fresh@example.com", PASSWORD, { headers: fromIp("192.0.2.11") })).code).toBe(0);
    const ticket = await ticketFor("password_login", "fresh@example.com");
    expect((await signIn("fresh@example.com", PASSWORD, { ticket, headers: ip })).code).toBe(0);
  });

  test("no address is a free pass: each loopback address counts as itself, and callers without one share one bucket", async () => {
    await registerUser("local@example.com", PASSWORD);
    for (let i = 0; i < 10; i++) expect((await signIn(`nobody-${i}@example.com`, "whatever1", { headers: fromIp("127.0.0.2") })).code).toBe(20205);
    expect((await signIn("local@example.com", PASSWORD, { headers: fromIp("127.0.0.2") })).code).toBe(20106);
    expect((await signIn("local@example.com", PASSWORD, { headers: fromIp("127.0.0.3") })).code).toBe(0);

    // an in-process caller names no address: all such callers are one client
    for (let i = 0; i < 10; i++) expect((await signIn(`anyone-${i}@example.com`, "whatever1")).code).toBe(20205);
    expect((await signIn("local@example.com", PASSWORD)).code).toBe(20106);
    backend.advance(3600);
  });

  test("IP_LIMIT_EXEMPT is the only way out of per-IP rules; the email's own rules still hold", async () => {
    backend.reconfigure({ IP_LIMIT_EXEMPT: "192.0.2.200, 198.18.0.0/15" });
    try {
      await registerUser("checker@example.com", PASSWORD);
      for (let i = 0; i < 12; i++) expect((await signIn(`probe-${i}@example.com`, "whatever1", { headers: fromIp("198.18.3.4") })).code).toBe(20205);
      expect((await signIn("checker@example.com", PASSWORD, { headers: fromIp("198.18.3.4") })).code).toBe(0);
      for (let i = 0; i < 3; i++) expect((await fail("checker@example.com", false, fromIp("192.0.2.200"))).code).toBe(20205);
      expect((await signIn("checker@example.com", PASSWORD, { headers: fromIp("192.0.2.200") })).code).toBe(20106);
    } finally {
      backend.reconfigure({ IP_LIMIT_EXEMPT: undefined });
    }
    backend.advance(3600);
  });
});

describe("wrong passwords slow down", () => {
  test("from the 5th wrong password in a row a wait doubles (30 s … 15 min); after it a right password works", async () => {
    const email = "slow@example.com";
    await registerUser(email, PASSWORD);
    for (let i = 1; i <= 3; i++) expect((await fail(email, false)).code).toBe(20205);
    for (let i = 4; i <= 5; i++) expect((await fail(email, true)).code).toBe(20205);

    const waits = [30, 60, 120, 240, 480, 900, 900];
    for (const [index, wait] of waits.entries()) {
      // during the wait even the right password is refused, before any verification is spent
      const early = await ticketFor("password_login", email);
      const refused = await signIn(email, PASSWORD, { ticket: early });
      expect(refused).toMatchObject({ status: 429, code: 10004, data: { retryAfter: wait }, retryAfter: String(wait) });
      backend.advance(wait - 1);
      expect(await signIn(email, PASSWORD, { ticket: early })).toMatchObject({ code: 10004, data: { retryAfter: 1 } });
      backend.advance(1);
      const ticket = await ticketFor("password_login", email);
      if (index < waits.length - 1) expect((await signIn(email, "wrong-pass", { ticket })).code).toBe(20205);
      else expect(await signIn(email, PASSWORD, { ticket })).toMatchObject({ status: 200, code: 0 });
    }

    // the success forgot the streak: a new wrong password costs no wait
    expect((await fail(email, true)).code).toBe(20205);
    expect((await fail(email, true)).code).toBe(20205);
  });

  test("the streak is forgotten 24 h after it began", async () => {
    const email = "forgiven@example.com";
    const ip = fromIp("192.0.2.41");
    await registerUser(email, PASSWORD);
    for (let i = 1; i <= 5; i++) expect((await fail(email, i > 3, ip)).code).toBe(20205);
    expect((await fail(email, true, ip)).code).toBe(10004);
    backend.advance(86_400);
    expect((await fail(email, false, ip)).code).toBe(20205);
    expect((await fail(email, false)).code).toBe(20205);
  });

  test("while a password wait runs, sign-in by emailed code still works: nobody is locked out", async () => {
    const email = "locked@example.com";
    const ip = fromIp("192.0.2.42");
    await registerUser(email, PASSWORD);
    for (let i = 1; i <= 5; i++) expect((await fail(email, i > 3, ip)).code).toBe(20205);
    expect((await fail(email, true, ip)).code).toBe(10004);
    const { nonce, code } = await requestCode(email, "login");
    const byCode = await call("POST", "/v1/login/email/captcha", { body: { email, captcha: code, nonce } });
    expect(byCode).toMatchObject({ status: 200, code: 0 });
    // and it ends the wait
    expect((await signIn(email, PASSWORD, { ticket: await ticketFor("password_login", email) })).code).toBe(0);
  });

  test("30 failed sign-ins from one IP in an hour: that IP waits for the hour's end, others do not", async () => {
    const ip = fromIp("192.0.2.30");
    await registerUser("office@example.com", PASSWORD);
    for (let i = 1; i <= 30; i++) {
      const ticket = i > 10 ? await ticketFor("password_login", `typo-${i}@example.com`) : undefined;
      // the unknown emails: 20205 until a verification was passed, then (within the lookup budget of 20) 20202
      expect((await signIn(`typo-${i}@example.com`, "whatever1", { ticket, headers: ip })).code).toBe(i > 10 ? 20202 : 20205);
    }
    const ticket = await ticketFor("password_login", "office@example.com");
    expect(await signIn("office@example.com", PASSWORD, { ticket, headers: ip })).toMatchObject({ status: 429, code: 10004, data: { retryAfter: 3600 } });
    expect((await signIn("office@example.com", PASSWORD, { headers: fromIp("192.0.2.31") })).code).toBe(0);
    backend.advance(3600);
    expect((await signIn("office@example.com", PASSWORD, { headers: ip })).code).toBe(0);
  });
});

describe("account status and the IP ban list", () => {
  test("a banned account: every session ends, sign-in by password or code → 20105; unbanned it signs in again", async () => {
    const email = "banned@example.com";
    const { utoken } = await registerUser(email, PASSWORD);
    const { nonce, code } = await requestCode(email, "login");

    await setUserStatus(email, "banned");
    expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ status: 401, code: 20101 });
    expect(await signIn(email, PASSWORD)).toMatchObject({ status: 403, code: 20105 });
    expect(await call("POST", "/v1/login/email/captcha", { body: { email, captcha: code, nonce } })).toMatchObject({ status: 403, code: 20105 });
    // a wrong password says only that
    expect((await signIn(email, "wrong-pass")).code).toBe(20205);

    await setUserStatus(email, "active");
    expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ code: 20101 });
    const again = await signIn(email, PASSWORD, { ticket: await ticketFor("password_login", email) });
    expect(again).toMatchObject({ code: 0 });
  });

  test("a restricted account → 20103 for password and code sign-in; its sessions are left alone", async () => {
    const email = "restricted@example.com";
    const { utoken } = await registerUser(email, PASSWORD);
    const { nonce, code } = await requestCode(email, "login");
    await setUserStatus(email, "restricted");
    expect(await signIn(email, PASSWORD)).toMatchObject({ status: 403, code: 20103 });
    expect(await call("POST", "/v1/login/email/captcha", { body: { email, captcha: code, nonce } })).toMatchObject({ code: 20103 });
    expect((await call("GET", "/v1/user/basic", { token: utoken })).code).toBe(0);
  });

  test("a banned IP or range → 20104 for sign-in, register and code requests; lifted, it works again", async () => {
    const email = "traveller@example.com";
    await registerUser(email, PASSWORD);
    const inRange = fromIp("203.0.113.77");
    await banIp("203.0.113.0/24");
    await banIp("2001:db8::/32");

    expect(await signIn(email, PASSWORD, { headers: inRange })).toMatchObject({ status: 403, code: 20104 });
    expect((await signIn(email, PASSWORD, { headers: fromIp("2001:db8::5") })).code).toBe(20104);
    expect((await askForCode("newcomer@example.com", "register", inRange)).reply).toMatchObject({ status: 403, code: 20104 });
    const register = await call("POST", "/v1/register", {
      body: { email: "newcomer@example.com", password: PASSWORD, captcha: "123456", nonce: "n".repeat(43) },
      headers: inRange,
    });
    expect(register.code).toBe(20104);
    const byCode = await call("POST", "/v1/login/email/captcha", { body: { email, captcha: "123456", nonce: "n".repeat(43) }, headers: inRange });
    expect(byCode.code).toBe(20104);

    // next door is fine
    expect((await signIn(email, PASSWORD, { headers: fromIp("203.0.114.1") })).code).toBe(0);
    await unbanIp("203.0.113.0/24");
    expect((await signIn(email, PASSWORD, { headers: inRange })).code).toBe(0);
  });
});

test("every failed sign-in is recorded with its time, email, IP, way and reason", async () => {
  await registerUser("logged@example.com", PASSWORD);
  const at = new Date();
  await signIn(" Logged@Example.com ", "wrong-pass", { headers: fromIp("192.0.2.99") });
  await call("POST", "/v1/login/email/captcha", { body: { email: "logged@example.com", captcha: "123456", nonce: "n".repeat(43) }, headers: fromIp("192.0.2.99") });
  const db = await getDb();
  const rows = await db.select().from(signInFailures).where(eq(signInFailures.email, "logged@example.com"));
  expect(rows).toHaveLength(2);
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ createdAt: at, email: "logged@example.com", ip: "192.0.2.99", method: "password", reason: 20205 }),
      expect.objectContaining({ createdAt: at, email: "logged@example.com", ip: "192.0.2.99", method: "code", reason: 20204 }),
    ]),
  );
  expect(JSON.stringify(rows)).not.toContain("wrong-pass");
});
