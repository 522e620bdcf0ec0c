import { desc, eq } from "drizzle-orm";
import { createEnterprise } from "@/lib/backend/cli/commands";
import { getDb } from "@/lib/backend/db/client";
import { knownDevices, outboxMails, users } from "@/lib/backend/db/schema";
import { sessionResponse } from "@/lib/contract/passport";
import { deviceSecurityResponse } from "@/lib/contract/user";
import { call, lastCodeFor, mailIds, OPEN_TIMEOUT, outboxFiles, proveStepUp, registerUser, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";

/** Device security: sign-ins from unknown devices need an emailed code; known devices are listed and removable. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const LAPTOP = "device-laptop-0123456789abcdef";
const PHONE = "device-phone-0123456789abcdef0";
const STRANGER = "device-stranger-0123456789abcd";

function device(id: string | null): Record<string, string> {
  return id ? { "x-device-id": id, "user-agent": MAC_CHROME } : { "user-agent": MAC_CHROME };
}
function signIn(email: string, password: string, deviceId: string | null) {
  return call("POST", "/v1/login", { body: { email, password }, headers: device(deviceId) });
}
function finish(body: { challenge: string; captcha: string; remember?: boolean }, deviceId: string | null) {
  return call("POST", "/v1/login/device", { body, headers: device(deviceId) });
}
async function security(token: string, deviceId: string | null = LAPTOP) {
  const reply = await call("GET", "/v1/user/device/security", { token, headers: device(deviceId) });
  expect(reply.code).toBe(0);
  return deviceSecurityResponse.parse(reply.data);
}
async function sessionCount(token: string): Promise<number> {
  return Number((await call("GET", "/v1/user/session/log", { token })).data?.total);
}
function otherCode(code: string): string {
  return code === "000000" ? "000001" : "000000";
}

/** A held-back sign-in: 20109 with a challenge, and the code mailed for it. */
async function heldBack(email: string, password: string, deviceId: string | null): Promise<{ challenge: string; code: string }> {
  const seen = await mailIds(email);
  const reply = await signIn(email, password, deviceId);
  expect(reply).toMatchObject({ status: 403, code: 20109 });
  const challenge = String(reply.data?.challenge);
  expect(challenge.length).toBeGreaterThanOrEqual(32);
  return { challenge, code: await lastCodeFor(email, seen) };
}

describe("device security", () => {
  const email = "guarded@example.com";
  const password = "guarded-pass1";
  let laptop: string;

  beforeAll(async () => {
    ({ utoken: laptop } = await registerUser(email, password, device(LAPTOP)));
  });

  test("off by default; the device of every sign-in is listed, named from its user agent", async () => {
    const state = await security(laptop);
    expect(state.enabled).toBe(false);
    expect(state.devices).toEqual([
      { id: expect.any(String), name: "macOS · Chrome 131", firstSeen: "2026-03-01T08:00:00.000Z", lastSeen: expect.any(String), current: true },
    ]);
    expect((await security(laptop, PHONE)).devices[0]?.current).toBe(false);
    // with it off, a new device signs in at once
    expect((await signIn(email, password, PHONE)).code).toBe(0);
    expect((await security(laptop)).devices).toHaveLength(2);
  });

  test("on: a known device signs in; an unknown one gets 20109 and a mailed code, and no session", async () => {
    const switched = await call("PATCH", "/v1/user/device/security", { token: laptop, body: { enabled: true }, headers: device(LAPTOP) });
    expect(switched).toMatchObject({ code: 0, data: { enabled: true } });
    expect((await signIn(email, password, LAPTOP)).code).toBe(0);
    const before = await sessionCount(laptop);

    const { challenge, code } = await heldBack(email, password, STRANGER);
    expect(await sessionCount(laptop)).toBe(before);
    const db = await getDb();
    const [mail] = await db.select().from(outboxMails).where(eq(outboxMails.toAddress, email)).orderBy(desc(outboxMails.createdAt)).limit(1);
    expect(mail?.subject).toBe("Your new device sign-in code");
    // device codes are mailed by a held-back sign-in only, never on request
    const nonce = String((await call("POST", "/v1/verify/email", { body: { email } })).data?.nonce);
    expect(await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type: "device", ticket: "x".repeat(43) } })).toMatchObject({ code: 10001 });

    // the challenge works only from the device it was made for, and only with the right code
    expect(await finish({ challenge, captcha: code }, null)).toMatchObject({ code: 20204 });
    expect(await finish({ challenge, captcha: code }, PHONE)).toMatchObject({ code: 20204 });
    expect(await finish({ challenge, captcha: otherCode(code) }, STRANGER)).toMatchObject({ status: 400, code: 20204 });
    const done = await finish({ challenge, captcha: code }, STRANGER);
    expect(done).toMatchObject({ status: 200, code: 0 });
    const session = sessionResponse.parse(done.data);
    expect((await call("GET", "/v1/user/basic", { token: session.utoken })).code).toBe(0);
    expect(await finish({ challenge, captcha: code }, STRANGER)).toMatchObject({ code: 20204 });

    // the device is known now: the next sign-in from it needs no code
    expect((await signIn(email, password, STRANGER)).code).toBe(0);
    const listed = (await security(session.utoken, STRANGER)).devices.find((item) => item.current);
    expect(listed).toBeDefined();
  });

  test("the resend wait applies; wrong passwords never reach the device step", async () => {
    expect(await signIn(email, password, "device-another-0123456789abcd")).toMatchObject({ status: 429, code: 10003 });
    expect(await signIn(email, "wrong-pass1", "device-another-0123456789abcd")).toMatchObject({ code: 20205 });
    backend.advance(60);
  });

  test("removing a device brings the code back; another user cannot remove it (20102)", async () => {
    const other = await registerUser("other-owner@example.com");
    const target = (await security(laptop, STRANGER)).devices.find((item) => item.current);
    expect(target).toBeDefined();
    expect(await call("DELETE", `/v1/user/device/${target?.id}`, { token: other.utoken })).toMatchObject({ status: 403, code: 20102 });
    expect(await call("DELETE", "/v1/user/device/not-an-id", { token: laptop })).toMatchObject({ status: 403, code: 20102 });
    expect((await security(laptop)).devices.map((item) => item.id)).toContain(target?.id);

    expect(await call("DELETE", `/v1/user/device/${target?.id}`, { token: laptop })).toMatchObject({ code: 0 });
    expect((await security(laptop)).devices.map((item) => item.id)).not.toContain(target?.id);
    await heldBack(email, password, STRANGER);
  });

  test("a sign-in without a device id is held back too; five wrong codes spend the code; it expires after 10 minutes", async () => {
    backend.advance(60);
    const first = await heldBack(email, password, null);
    for (let i = 0; i < 5; i++) expect((await finish({ challenge: first.challenge, captcha: otherCode(first.code) }, null)).code).toBe(20204);
    expect(await finish({ challenge: first.challenge, captcha: first.code }, null)).toMatchObject({ code: 20204 });

    backend.advance(60);
    const second = await heldBack(email, password, "device-tablet-0123456789abcdef");
    backend.advance(601);
    expect(await finish({ challenge: second.challenge, captcha: second.code }, "device-tablet-0123456789abcdef")).toMatchObject({ code: 20204 });
  });

  test("a sign-in by emailed code is not held back (it proved the mailbox) and makes the device known", async () => {
    const { nonce, code } = await requestCode(email, "login");
    const reply = await call("POST", "/v1/login/email/captcha", { body: { email, captcha: code, nonce }, headers: device("device-code-login-0123456789ab") });
    expect(reply.code).toBe(0);
    expect((await signIn(email, password, "device-code-login-0123456789ab")).code).toBe(0);
  });

  test("turning it off asks for proof: none → 20113, a wrong password → 20206, and it stays on", async () => {
    const off = (body: Record<string, unknown>) => call("PATCH", "/v1/user/device/security", { token: laptop, body: { enabled: false, ...body }, headers: device(LAPTOP) });
    expect(await off({})).toMatchObject({ status: 403, code: 20113 });
    expect(await off({ password: "not-the-one-1" })).toMatchObject({ status: 400, code: 20206 });
    expect(await off({ captcha: "123456", nonce: "n".repeat(43) })).toMatchObject({ status: 400, code: 20204 });
    expect((await security(laptop)).enabled).toBe(true);
    // turning it on again needs nothing more
    expect((await call("PATCH", "/v1/user/device/security", { token: laptop, body: { enabled: true }, headers: device(LAPTOP) })).code).toBe(0);
  });

  test("off again with the current password: unknown devices sign in at once", async () => {
    const reply = await call("PATCH", "/v1/user/device/security", { token: laptop, body: { enabled: false, password }, headers: device(LAPTOP) });
    expect(reply).toMatchObject({ code: 0, data: { enabled: false } });
    expect((await security(laptop)).enabled).toBe(false);
    expect((await signIn(email, password, "device-brand-new-0123456789ab")).code).toBe(0);
  });

  test("or with a code of purpose 'security' mailed to the account (for an account without a password)", async () => {
    // the password above is this session's proof for 5 minutes: let it run out first
    backend.advance(301);
    expect((await call("PATCH", "/v1/user/device/security", { token: laptop, body: { enabled: true }, headers: device(LAPTOP) })).code).toBe(0);
    const { nonce, code } = await requestCode(email, "security");
    expect(outboxFiles(email).at(-1)?.text).toContain("Your security settings code");
    const reply = await call("PATCH", "/v1/user/device/security", { token: laptop, body: { enabled: false, captcha: code, nonce }, headers: device(LAPTOP) });
    expect(reply).toMatchObject({ code: 0, data: { enabled: false } });
    // it is the session's step-up proof now; once that is over, the spent code proves nothing
    expect((await call("PATCH", "/v1/user/device/security", { token: laptop, body: { enabled: true } })).code).toBe(0);
    backend.advance(301);
    expect((await call("PATCH", "/v1/user/device/security", { token: laptop, body: { enabled: false, captcha: code, nonce } })).code).toBe(20204);
  });
});

test("the known devices come a page at a time, most recently seen first; a bad page is refused", async () => {
  const email = "many-devices@example.com";
  const { utoken } = await registerUser(email, "many-devices-1", device(LAPTOP));
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error("no user");
  // 59 more browsers, each seen a minute before the next
  await db.insert(knownDevices).values(
    Array.from({ length: 59 }, (_, i) => ({ userId: user.id, deviceHash: `hash-${i}`, name: `Browser ${i}`, firstSeenAt: new Date(Date.UTC(2025, 0, 1, 0, i)), lastSeenAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })),
  );
  const first = await security(utoken);
  expect(first).toMatchObject({ total: 60, page: 1, pageSize: 10 });
  expect(first.devices).toHaveLength(10);
  expect(first.devices[0]).toMatchObject({ current: true });
  expect(first.devices[1]?.name).toBe("Browser 58");
  const last = deviceSecurityResponse.parse((await call("GET", "/v1/user/device/security?page=3&pageSize=20", { token: utoken, headers: device(LAPTOP) })).data);
  expect(last).toMatchObject({ total: 60, page: 3, pageSize: 20 });
  expect(last.devices.map((d) => d.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Browser ${19 - i}`));
  for (const query of ["?page=0", "?pageSize=51", "?pageSize=abc"]) {
    expect(await call("GET", `/v1/user/device/security${query}`, { token: utoken })).toMatchObject({ status: 400, code: 10001 });
  }
});

test("enterprise sign-in is held back the same way; the session's user info says whether the password is the default", async () => {
  const acme = await createEnterprise({ account: "ACME-DEV", email: "boss@acme-dev.test", name: "Acme" });
  const body = { account: "ACME-DEV", email: "boss@acme-dev.test", password: acme.password };
  const first = await call("POST", "/v1/enterprise/login", { body, headers: device(LAPTOP) });
  const token = String(first.data?.utoken);
  await call("PATCH", "/v1/user/device/security", { token, body: { enabled: true }, headers: device(LAPTOP) });

  const seen = await mailIds("boss@acme-dev.test");
  const held = await call("POST", "/v1/enterprise/login", { body, headers: device(PHONE) });
  expect(held).toMatchObject({ code: 20109 });
  const code = await lastCodeFor("boss@acme-dev.test", seen);
  const done = await finish({ challenge: String(held.data?.challenge), captcha: code, remember: true }, PHONE);
  expect(done).toMatchObject({ code: 0 });
  const basic = await call("GET", "/v1/user/basic", { token: String(done.data?.utoken) });
  expect(basic.data).toMatchObject({ enterpriseUser: { account: "ACME-DEV", defaultPassword: true } });
});

test("a recent step-up proof of the session turns it off without a password in the request; another session's does not", async () => {
  const email = "stepped-device@example.com";
  const password = "stepped-dev1";
  const { utoken } = await registerUser(email, password, device(LAPTOP));
  const other = String((await signIn(email, password, LAPTOP)).data?.utoken);
  const off = (token: string) => call("PATCH", "/v1/user/device/security", { token, body: { enabled: false }, headers: device(LAPTOP) });
  expect((await call("PATCH", "/v1/user/device/security", { token: utoken, body: { enabled: true }, headers: device(LAPTOP) })).code).toBe(0);

  await proveStepUp(other, email, password);
  expect(await off(utoken)).toMatchObject({ status: 403, code: 20113 });
  expect((await security(utoken)).enabled).toBe(true);

  await proveStepUp(utoken, email, password);
  expect(await off(utoken)).toMatchObject({ code: 0, data: { enabled: false } });
});

test("the password sent with 'off' is the session's step-up proof: the next guarded change asks for none", async () => {
  const email = "inline-proof@example.com";
  const password = "inline-proof1";
  const { utoken } = await registerUser(email, password, device(LAPTOP));
  const off = (body: Record<string, unknown>) => call("PATCH", "/v1/user/device/security", { token: utoken, body: { enabled: false, ...body }, headers: device(LAPTOP) });
  expect((await call("PATCH", "/v1/user/device/security", { token: utoken, body: { enabled: true }, headers: device(LAPTOP) })).code).toBe(0);
  backend.advance(301);
  expect(await call("GET", "/v1/user/step-up", { token: utoken })).toMatchObject({ data: { proven: false } });

  expect(await off({ password })).toMatchObject({ code: 0, data: { enabled: false } });
  expect(await call("GET", "/v1/user/step-up", { token: utoken })).toMatchObject({ data: { proven: true } });
  // on and off again, and another guarded change, within the 5 minutes: no proof asked
  expect((await call("PATCH", "/v1/user/device/security", { token: utoken, body: { enabled: true }, headers: device(LAPTOP) })).code).toBe(0);
  expect(await off({})).toMatchObject({ code: 0, data: { enabled: false } });
  expect((await call("POST", "/v1/user/passkey/register/options", { token: utoken, body: {} })).code).toBe(0);
});
