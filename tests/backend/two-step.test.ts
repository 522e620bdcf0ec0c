import { and, eq, isNull } from "drizzle-orm";
import { createEnterprise, pruneNow } from "@/lib/backend/cli/commands";
import { getDb } from "@/lib/backend/db/client";
import { sessions, signInFailures, twoStepTickets, twoStepTotp, users } from "@/lib/backend/db/schema";
import { settleSecurityNotices } from "@/lib/backend/services/security-notices";
import { call, fromIp, mailIds, OPEN_TIMEOUT, outboxFiles, registerUser, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";
import { secondStep, ticketOf, totpCode, turnOnTwoStep } from "./support/two-step";

/** Two-step sign-in: a held sign-in opens no session until an authenticator or recovery code; wrong, replayed and used codes are refused. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const LAPTOP = { "x-device-id": "device-laptop-0123456789abcdef" };
const OTHER = { "x-device-id": "device-other-0123456789abcdef0" };

function signIn(email: string, password: string, headers: Record<string, string> = LAPTOP) {
  return call("POST", "/v1/login", { body: { email, password }, headers });
}
async function liveSessions(uid: string): Promise<number> {
  const db = await getDb();
  return (await db.select().from(sessions).where(and(eq(sessions.userId, uid), isNull(sessions.endedAt)))).length;
}
function otherCode(code: string): string {
  return code === "000000" ? "000001" : "000000";
}

describe("turning two-step on", () => {
  test("a setup shows the secret once; a wrong first code changes nothing; the right one turns it on with ten codes", async () => {
    const { utoken } = await registerUser("setup@example.com", "setup-pass1");
    expect(await call("GET", "/v1/user/two-step", { token: utoken })).toMatchObject({ code: 0, data: { enabled: false, since: null, recoveryCodesLeft: 0 } });
    const setup = await call("POST", "/v1/user/two-step/totp", { token: utoken });
    expect(setup).toMatchObject({ code: 0, data: { uri: expect.stringMatching(/^otpauth:\/\/totp\/Passport:setup%40example\.com\?/) } });
    const secret = String(setup.data?.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const db = await getDb();
    const [row] = await db.select().from(twoStepTotp);
    expect(row?.secretEnc).toBeDefined();
    expect(row?.secretEnc).not.toContain(secret);

    const wrong = await call("POST", "/v1/user/two-step/totp/confirm", { token: utoken, body: { code: otherCode(totpCode(secret)) } });
    expect(wrong).toMatchObject({ status: 400, code: 20903 });
    expect((await call("GET", "/v1/user/two-step", { token: utoken })).data?.enabled).toBe(false);
    expect(await call("POST", "/v1/user/two-step/totp/confirm", { token: utoken, body: { code: "12ab56" } })).toMatchObject({ status: 400, code: 10001 });

    const confirmed = await call("POST", "/v1/user/two-step/totp/confirm", { token: utoken, body: { code: totpCode(secret) } });
    expect(confirmed.code).toBe(0);
    const codes = confirmed.data?.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await call("GET", "/v1/user/two-step", { token: utoken })).toMatchObject({ data: { enabled: true, recoveryCodesLeft: 10 } });
    expect(await call("POST", "/v1/user/two-step/totp", { token: utoken })).toMatchObject({ status: 409, code: 20904 });
  });

  test("a setup older than 15 minutes cannot be confirmed (20906)", async () => {
    const { utoken } = await registerUser("late@example.com");
    const secret = String((await call("POST", "/v1/user/two-step/totp", { token: utoken })).data?.secret);
    backend.advance(901);
    expect(await call("POST", "/v1/user/two-step/totp/confirm", { token: utoken, body: { code: totpCode(secret) } })).toMatchObject({ status: 400, code: 20906 });
  });
});

describe("signing in with two-step on", () => {
  const email = "second@example.com";
  const password = "second-pass1";
  let uid: string;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    const created = await registerUser(email, password, LAPTOP);
    uid = created.uid;
    ({ secret, recoveryCodes } = await turnOnTwoStep(created.utoken));
  });

  test("a right password gets a ticket and no session; an authenticator code opens it; the same code is refused the second time", async () => {
    backend.advance(30);
    const before = await liveSessions(uid);
    const ticket = ticketOf(await signIn(email, password));
    expect(await liveSessions(uid)).toBe(before);
    const code = totpCode(secret);
    const done = await secondStep(ticket, "totp", code, LAPTOP);
    expect(done).toMatchObject({ status: 200, code: 0, data: { uid } });
    expect(await call("GET", "/v1/user/basic", { token: String(done.data?.utoken) })).toMatchObject({ code: 0, data: { email } });
    expect(await liveSessions(uid)).toBe(before + 1);

    expect(await secondStep(ticket, "totp", totpCode(secret, 1), LAPTOP)).toMatchObject({ status: 400, code: 20902 });
    const replayed = await secondStep(ticketOf(await signIn(email, password)), "totp", code, LAPTOP);
    expect(replayed).toMatchObject({ status: 400, code: 20903 });
    backend.advance(30);
    expect((await secondStep(ticketOf(await signIn(email, password)), "totp", totpCode(secret), LAPTOP)).code).toBe(0);
  });

  test("two requests with the same authenticator code at once: exactly one signs in, one session opens", async () => {
    backend.advance(30);
    const before = await liveSessions(uid);
    const tickets = [ticketOf(await signIn(email, password)), ticketOf(await signIn(email, password))];
    const code = totpCode(secret);
    const replies = await Promise.all(tickets.map((ticket) => secondStep(ticket, "totp", code, LAPTOP)));
    expect(replies.map((reply) => reply.code).sort()).toEqual([0, 20903]);
    expect(await liveSessions(uid)).toBe(before + 1);
  });

  test("a ticket expires after 5 minutes, belongs to its device and to its account", async () => {
    backend.advance(30);
    const old = ticketOf(await signIn(email, password));
    backend.advance(301);
    expect(await secondStep(old, "totp", totpCode(secret), LAPTOP)).toMatchObject({ status: 400, code: 20902 });

    const fromLaptop = ticketOf(await signIn(email, password));
    expect(await secondStep(fromLaptop, "totp", totpCode(secret), OTHER)).toMatchObject({ status: 400, code: 20902 });

    const other = await registerUser("intruder@example.com", "intruder-pass1", LAPTOP);
    const intruder = await turnOnTwoStep(other.utoken);
    backend.advance(30);
    expect(await secondStep(fromLaptop, "totp", totpCode(intruder.secret), LAPTOP)).toMatchObject({ status: 400, code: 20903 });
    expect(await secondStep(fromLaptop, "recovery", intruder.recoveryCodes[0] ?? "", LAPTOP)).toMatchObject({ code: 20903 });
    expect((await secondStep(fromLaptop, "totp", totpCode(secret), LAPTOP)).code).toBe(0);
  });

  test("a recovery code works once, in any case and with or without its dash", async () => {
    const code = recoveryCodes[1] ?? "";
    const ticket = ticketOf(await signIn(email, password));
    expect((await secondStep(ticket, "recovery", ` ${code.replace("-", "").toUpperCase()} `, LAPTOP)).code).toBe(0);
    expect(await secondStep(ticketOf(await signIn(email, password)), "recovery", code, LAPTOP)).toMatchObject({ status: 400, code: 20903 });
  });

  test("two requests with the same recovery code: exactly one signs in", async () => {
    const code = recoveryCodes[2] ?? "";
    const left = async (token: string) => Number((await call("GET", "/v1/user/two-step", { token })).data?.recoveryCodesLeft);
    const before = await left(String((await secondStep(ticketOf(await signIn(email, password)), "recovery", recoveryCodes[3] ?? "", LAPTOP)).data?.utoken));
    const tickets = [ticketOf(await signIn(email, password)), ticketOf(await signIn(email, password))];
    const replies = await Promise.all(tickets.map((ticket) => secondStep(ticket, "recovery", code, LAPTOP)));
    expect(replies.map((reply) => reply.code).sort()).toEqual([0, 20903]);
    expect(await left(String(replies.find((reply) => reply.code === 0)?.data?.utoken))).toBe(before - 1);
  });

  test("an emailed-code sign-in is held the same way", async () => {
    const { nonce, code } = await requestCode(email, "login", LAPTOP);
    const ticket = ticketOf(await call("POST", "/v1/login/email/captcha", { body: { email, captcha: code, nonce }, headers: LAPTOP }));
    backend.advance(30);
    expect((await secondStep(ticket, "totp", totpCode(secret), LAPTOP)).code).toBe(0);
  });

  test("bad bodies are 400 and change nothing", async () => {
    const ticket = ticketOf(await signIn(email, password));
    expect(await call("POST", "/v1/login/two-step", { body: { ticket, method: "sms", code: "123456" }, headers: LAPTOP })).toMatchObject({ status: 400, code: 10001 });
    expect(await call("POST", "/v1/login/two-step", { body: { ticket, method: "totp", code: "12345" }, headers: LAPTOP })).toMatchObject({ status: 400, code: 10001 });
    expect(await call("POST", "/v1/login/two-step", { raw: "{", headers: LAPTOP })).toMatchObject({ status: 400 });
    expect(await secondStep("x".repeat(43), "totp", totpCode(secret), LAPTOP)).toMatchObject({ status: 400, code: 20902 });
    backend.advance(30);
    expect((await secondStep(ticket, "totp", totpCode(secret), LAPTOP)).code).toBe(0);
  });
});

describe("wrong codes", () => {
  test("are counted per account: from the fifth in a row the next try waits (429), a ticket allows five, and the failure log keeps them", async () => {
    const email = "guess@example.com";
    const here = { ...LAPTOP, ...fromIp("127.0.0.9") };
    const { uid, utoken } = await registerUser(email, "guess-pass1", here);
    const { secret } = await turnOnTwoStep(utoken);
    const first = ticketOf(await signIn(email, "guess-pass1", here));
    for (let i = 0; i < 4; i++) expect(await secondStep(first, "totp", otherCode(totpCode(secret)), here)).toMatchObject({ code: 20903 });
    const second = ticketOf(await signIn(email, "guess-pass1", here));
    expect(await secondStep(first, "recovery", "aaaaa-aaaaa", here)).toMatchObject({ code: 20903 });
    // the ticket is out of tries; the account now waits 30 s, even with the right code
    expect(await secondStep(first, "totp", totpCode(secret), here)).toMatchObject({ code: 20902 });
    const waiting = await secondStep(second, "totp", totpCode(secret), here);
    expect(waiting).toMatchObject({ status: 429, code: 10004 });
    expect(Number(waiting.retryAfter)).toBeGreaterThan(0);
    const db = await getDb();
    const logged = await db.select().from(signInFailures).where(eq(signInFailures.email, email));
    expect(logged.filter((row) => row.method === "two-step" && row.reason === 20903)).toHaveLength(5);

    backend.advance(31);
    expect(await secondStep(second, "totp", totpCode(secret), here)).toMatchObject({ code: 0, data: { uid } });
  });
});

describe("with device security on", () => {
  test("a new device is asked the second step only: no device code is mailed, and the device is remembered", async () => {
    const email = "both@example.com";
    const { utoken } = await registerUser(email, "both-pass1", LAPTOP);
    expect((await call("PATCH", "/v1/user/device/security", { token: utoken, body: { enabled: true }, headers: LAPTOP })).code).toBe(0);
    const { secret } = await turnOnTwoStep(utoken);
    const mails = await mailIds(email);
    const ticket = ticketOf(await signIn(email, "both-pass1", OTHER));
    expect(await mailIds(email)).toEqual(mails);
    backend.advance(30);
    const done = await secondStep(ticket, "totp", totpCode(secret), OTHER);
    expect(done.code).toBe(0);
    const devices = await call("GET", "/v1/user/device/security", { token: String(done.data?.utoken), headers: OTHER });
    expect(devices.data?.total).toBe(2);
  });
});

describe("enterprise users", () => {
  test("are held for the second step too", async () => {
    const created = await createEnterprise({ account: "twostep-co", email: "boss@twostep.test", name: "Two Step Co" });
    const first = await call("POST", "/v1/enterprise/login", { body: { account: "twostep-co", email: created.email, password: created.password }, headers: LAPTOP });
    expect(first.code).toBe(0);
    const { secret } = await turnOnTwoStep(String(first.data?.utoken));
    const held = await call("POST", "/v1/enterprise/login", { body: { account: "twostep-co", email: created.email, password: created.password }, headers: LAPTOP });
    const ticket = ticketOf(held);
    backend.advance(30);
    const done = await secondStep(ticket, "totp", totpCode(secret), LAPTOP);
    expect(done.code).toBe(0);
    expect(await call("GET", "/v1/user/basic", { token: String(done.data?.utoken) })).toMatchObject({ data: { enterpriseUser: { account: "twostep-co" } } });
  });
});

describe("turning off and new recovery codes", () => {
  test("need a recent step-up proof, which an authenticator code can be; new codes replace the old; off lets a password sign in alone", async () => {
    const email = "off@example.com";
    const here = { ...LAPTOP, ...fromIp("127.0.0.8") };
    const { utoken } = await registerUser(email, "off-pass1", here);
    const { secret, recoveryCodes } = await turnOnTwoStep(utoken);
    expect(await call("POST", "/v1/user/two-step/recovery-codes", { token: utoken })).toMatchObject({ status: 403, code: 20113 });
    expect(await call("POST", "/v1/user/two-step/off", { token: utoken })).toMatchObject({ status: 403, code: 20113 });
    expect(await call("GET", "/v1/user/step-up", { token: utoken })).toMatchObject({ data: { methods: ["password", "totp"] } });

    // the code that turned it on is spent: it is no proof
    expect(await call("POST", "/v1/user/step-up/totp", { token: utoken, body: { code: totpCode(secret) } })).toMatchObject({ status: 400, code: 20903 });
    backend.advance(30);
    expect(await call("POST", "/v1/user/step-up/totp", { token: utoken, body: { code: totpCode(secret) } })).toMatchObject({ code: 0, data: { method: "totp", expiresIn: 300 } });
    const renewed = await call("POST", "/v1/user/two-step/recovery-codes", { token: utoken });
    expect(renewed.code).toBe(0);
    const fresh = renewed.data?.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(await secondStep(ticketOf(await signIn(email, "off-pass1", here)), "recovery", recoveryCodes[0] ?? "", here)).toMatchObject({ code: 20903 });

    backend.advance(301);
    expect(await call("POST", "/v1/user/two-step/off", { token: utoken })).toMatchObject({ code: 20113 });
    expect((await call("POST", "/v1/user/step-up", { token: utoken, body: { password: "off-pass1" }, headers: here })).code).toBe(0);
    expect(await call("POST", "/v1/user/two-step/off", { token: utoken })).toMatchObject({ code: 0, data: { enabled: false } });
    const db = await getDb();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await db.select().from(twoStepTotp).where(eq(twoStepTotp.userId, user?.id ?? ""))).toHaveLength(0);
    expect((await signIn(email, "off-pass1", here)).code).toBe(0);
    expect(await call("POST", "/v1/user/two-step/off", { token: utoken })).toMatchObject({ status: 409, code: 20905 });
    expect(await call("POST", "/v1/user/step-up/totp", { token: utoken, body: { code: totpCode(secret) } })).toMatchObject({ status: 409, code: 20905 });
  });
});

describe("housekeeping", () => {
  test("second-step tickets are deleted a day after they expire", async () => {
    const email = "prune@example.com";
    const here = { ...LAPTOP, ...fromIp("127.0.0.7") };
    const { uid, utoken } = await registerUser(email, "prune-pass1", here);
    await turnOnTwoStep(utoken);
    ticketOf(await signIn(email, "prune-pass1", here));
    const db = await getDb();
    const mine = () => db.select().from(twoStepTickets).where(eq(twoStepTickets.userId, uid));
    backend.advance(300 + 3_600);
    await pruneNow();
    expect(await mine()).toHaveLength(1);
    backend.advance(86_400);
    expect((await pruneNow()).two_step_tickets).toBeGreaterThanOrEqual(1);
    expect(await mine()).toHaveLength(0);
  });
});

describe("security notices", () => {
  test("turning two-step on and signing in with a recovery code each mail the owner a notice without the code", async () => {
    const email = "notices@example.com";
    const password = "notice-pass1";
    await registerUser(email, password);
    const own = await call("POST", "/v1/login", { body: { email, password }, headers: LAPTOP });
    const token = String(own.data?.utoken);
    const subjects = async (before: ReadonlySet<string>) => {
      await settleSecurityNotices();
      return outboxFiles(email).filter((file) => !before.has(file.name)).map((file) => /^Subject: (.*)$/m.exec(file.text)?.[1]);
    };

    const beforeOn = await mailIds(email);
    const { recoveryCodes } = await turnOnTwoStep(token);
    expect(await subjects(beforeOn)).toEqual(["Two-step sign-in was turned on"]);

    const beforeUse = await mailIds(email);
    const [recovery = ""] = recoveryCodes;
    expect((await secondStep(ticketOf(await signIn(email, password)), "recovery", recovery, LAPTOP)).code).toBe(0);
    expect(await subjects(beforeUse)).toEqual(["A recovery code was used to sign in"]);
    const mail = outboxFiles(email).find((file) => !beforeUse.has(file.name))?.text ?? "";
    expect(mail).not.toContain(recovery);
  });
});
