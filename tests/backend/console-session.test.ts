import { LIMITS } from "@/lib/backend/services/limits";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf, signIn, totpCode, type TestOperator } from "./support/console";

/** Operator sign-in (password AND authenticator code), its session, its limits and its audit trail. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function auditOf(token: string, action: string) {
  const reply = await call("GET", `/v1/console/audit?action=${encodeURIComponent(action)}`, { headers: operatorHeaders(token) });
  expect(reply.code).toBe(0);
  return reply.data?.list as Array<Record<string, unknown>>;
}

test("password and the current code sign in; the session says who; sign-out ends it", async () => {
  const op = await newOperator("support");
  const reply = await signIn(op, { headers: fromIp("203.0.113.9") });
  expect(reply).toMatchObject({ status: 200, code: 0, data: { operator: { email: op.email, role: "support" } } });
  const token = String(reply.data?.token);
  expect(await call("GET", "/v1/console/session", { headers: operatorHeaders(token) })).toMatchObject({ code: 0, data: { operator: { email: op.email } } });
  const entries = await auditOf(token, "operator.sign-in");
  expect(entries[0]).toMatchObject({ actor: op.email, outcome: "ok", ip: "203.0.113.9" });
  expect(JSON.stringify(entries)).not.toContain(op.password);
  expect(await call("DELETE", "/v1/console/session", { headers: operatorHeaders(token) })).toMatchObject({ code: 0 });
  expect(await call("GET", "/v1/console/session", { headers: operatorHeaders(token) })).toMatchObject({ status: 401, code: 20101 });
});

test("a wrong code, a wrong password, an unknown email and a replayed code get one answer (401), each audited as failed", async () => {
  const op = await newOperator("viewer");
  const wrong = totpCode(op) === "000000" ? "111111" : "000000";
  expect(await signIn(op, { code: wrong })).toMatchObject({ status: 401, code: 20205 });
  expect(await signIn(op, { password: "not-it" })).toMatchObject({ status: 401, code: 20205 });
  expect(await signIn({ ...op, email: "nobody@console.test" })).toMatchObject({ status: 401, code: 20205 });
  const code = totpCode(op);
  const first = await signIn(op, { code });
  expect(first.code).toBe(0);
  // the same code again inside its 30 seconds: refused
  expect(await signIn(op, { code })).toMatchObject({ status: 401, code: 20205 });
  const failed = (await auditOf(String(first.data?.token), "operator.sign-in")).filter((entry) => entry.outcome === "failed");
  expect(failed.map((entry) => (entry.detail as { why: string }).why).sort()).toEqual(["code", "code", "credentials", "credentials"]);
  expect(failed.some((entry) => entry.actor === "nobody@console.test")).toBe(true);
});

test("100 wrong passwords from one address lock that address out, not the operator: the real one signs in from another; the lockout names its address", async () => {
  const op = await newOperator("admin");
  const attacker = fromIp("127.0.0.2");
  const answers = new Map<number, number>();
  for (let i = 0; i < 100; i++) {
    const { code } = await signIn(op, { password: `guess-${i}`, headers: attacker });
    answers.set(code, (answers.get(code) ?? 0) + 1);
  }
  // the budget of one email from one address, then 429 without looking at the password
  expect(Object.fromEntries(answers)).toEqual({ 20205: LIMITS.operatorFailuresPerEmailIp.points, 10004: 100 - LIMITS.operatorFailuresPerEmailIp.points });
  const real = await signIn(op, { headers: fromIp("127.0.0.3") });
  expect(real).toMatchObject({ status: 200, code: 0 });

  // the address that failed stays locked, even with the right password and code
  const blocked = await signIn(op, { headers: attacker });
  expect(blocked).toMatchObject({ status: 429, code: 10004 });
  expect(Number(blocked.retryAfter)).toBeGreaterThan(0);

  const token = String(real.data?.token);
  const lockouts = (await auditOf(token, "operator.lockout")).filter((entry) => entry.actor === op.email);
  expect(lockouts).toEqual([expect.objectContaining({ ip: "127.0.0.2", targetId: expect.any(String), detail: expect.objectContaining({ scope: "email-address" }) })]);
  const refused = (await auditOf(token, "operator.sign-in")).filter((entry) => entry.actor === op.email && entry.outcome === "refused");
  expect(refused.length).toBeGreaterThan(0);
  expect(refused.every((entry) => entry.ip === "127.0.0.2")).toBe(true);

  // the lock ends with its window
  backend.advance(LIMITS.operatorFailuresPerEmailIp.durationSeconds + 31);
  expect((await signIn(op, { headers: attacker })).code).toBe(0);
});

test("an address that fails for many operators is locked for all of them, and only that address", async () => {
  const ops = await Promise.all(Array.from({ length: 5 }, () => newOperator("viewer")));
  const scanner = fromIp("127.0.0.4");
  for (let i = 0; i < LIMITS.operatorFailuresPerIp.points; i++) {
    expect((await signIn(ops[i % ops.length] as TestOperator, { password: `guess-${i}`, headers: scanner })).code).toBe(20205);
  }
  const first = ops[0] as TestOperator;
  expect(await signIn(first, { headers: scanner })).toMatchObject({ status: 429, code: 10004 });
  const elsewhere = await signIn(first, { headers: fromIp("127.0.0.5") });
  expect(elsewhere.code).toBe(0);
  const lockouts = (await auditOf(String(elsewhere.data?.token), "operator.lockout")).filter((entry) => (entry.detail as { scope: string }).scope === "address");
  expect(lockouts).toEqual([expect.objectContaining({ ip: "127.0.0.4" })]);
});

test("a session ends after 30 idle minutes, and after 12 hours however busy", async () => {
  const op = await newOperator("viewer");
  const idle = await sessionOf(op);
  backend.advance(29 * 60);
  expect((await call("GET", "/v1/console/session", { headers: operatorHeaders(idle) })).code).toBe(0);
  backend.advance(31 * 60);
  expect((await call("GET", "/v1/console/session", { headers: operatorHeaders(idle) })).code).toBe(20101);
  const busy = await sessionOf(op);
  for (let hour = 0; hour < 12; hour++) {
    expect((await call("GET", "/v1/console/session", { headers: operatorHeaders(busy) })).code).toBe(0);
    for (let step = 0; step < 4; step++) {
      backend.advance(15 * 60);
      if (hour * 4 + step < 47) expect((await call("GET", "/v1/console/session", { headers: operatorHeaders(busy) })).code).toBe(0);
    }
  }
  expect((await call("GET", "/v1/console/session", { headers: operatorHeaders(busy) })).code).toBe(20101);
});

test("consumer tokens give nothing in the console, and operator tokens nothing on consumer routes", async () => {
  const { utoken } = await registerUser("consumer@console.test");
  expect(await call("GET", "/v1/console/session", { token: utoken })).toMatchObject({ status: 401, code: 20101 });
  expect(await call("GET", "/v1/console/session", { headers: operatorHeaders(utoken) })).toMatchObject({ status: 401, code: 20101 });
  const operatorToken = await sessionOf(await newOperator("admin"));
  expect(await call("GET", "/v1/user/basic", { token: operatorToken })).toMatchObject({ status: 401, code: 20101 });
  expect(await call("GET", "/v1/user/basic", { headers: operatorHeaders(operatorToken) })).toMatchObject({ status: 401, code: 20101 });
});

test("CONSOLE_ALLOWED_IPS: a caller from elsewhere is refused before anything else, sign-in included", async () => {
  const op = await newOperator("viewer");
  const token = await sessionOf(op);
  backend.reconfigure({ CONSOLE_ALLOWED_IPS: "10.1.0.0/16, 2001:db8::/32" });
  try {
    expect(await call("GET", "/v1/console/session", { headers: { ...operatorHeaders(token), ...fromIp("203.0.113.1") } })).toMatchObject({ status: 403, code: 20104 });
    expect(await signIn(op, { headers: fromIp("203.0.113.1") })).toMatchObject({ status: 403, code: 20104 });
    expect((await call("GET", "/v1/console/session", { headers: { ...operatorHeaders(token), ...fromIp("10.1.2.3") } })).code).toBe(0);
  } finally {
    backend.reconfigure({ CONSOLE_ALLOWED_IPS: undefined });
  }
});

test("an authenticator sealed under another server secret is a clear refusal after the right password (409, 21103), never a 500", async () => {
  const op = await newOperator("viewer");
  const { getDb } = await import("@/lib/backend/db/client");
  const { operators } = await import("@/lib/backend/db/schema");
  const { eq } = await import("drizzle-orm");
  // what a command run without the instances' CODE_SECRET wrote: a seal this instance cannot open
  const { createCipheriv, randomBytes } = await import("node:crypto");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", randomBytes(32), iv);
  const body = Buffer.concat([cipher.update("JBSWY3DPEHPK3PXP", "utf8"), cipher.final()]);
  const foreign = [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
  await (await getDb()).update(operators).set({ totpSecret: foreign }).where(eq(operators.email, op.email));
  // a wrong password still gets the one answer: the unreadable secret tells a stranger nothing
  expect(await signIn(op, { password: "not-it" })).toMatchObject({ status: 401, code: 20205 });
  expect(await signIn(op)).toMatchObject({ status: 409, code: 21103 });
  const admin = await sessionOf(await newOperator("admin"));
  const entries = await auditOf(admin, "operator.sign-in");
  expect(entries.find((entry) => entry.actor === op.email && entry.outcome === "failed" && JSON.stringify(entry.detail).includes("secret-unreadable"))).toBeDefined();
});
