import { eq } from "drizzle-orm";
import { userFullInfoResponse } from "@/lib/contract/passport";
import { getDb } from "@/lib/backend/db/client";
import { outboxMails, sessions, users, verificationCodes } from "@/lib/backend/db/schema";
import { askForCode, call, captureLog, lastCodeFor, OPEN_TIMEOUT, outboxFiles, registerUser, requestCode, resendCode, startBackend, stopBackend, ticketFor, type Backend } from "./support/harness";

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

describe("sign-up with an emailed code", () => {
  test("verify/email → captcha → code from the outbox → register → the token reads fullinfo", async () => {
    const verified = await call("POST", "/v1/verify/email", { body: { email: "  New.User@Example.com " } });
    expect(verified).toMatchObject({ status: 200, code: 0 });
    const nonce = String(verified.data?.nonce);
    expect(nonce.length).toBeGreaterThanOrEqual(32);

    // no code is mailed without a human-verification ticket for this scene and email
    const unverified = await call("POST", "/v1/captcha", { body: { receiver: "new.user@example.com", nonce, type: "register" } });
    expect(unverified).toMatchObject({ status: 428, code: 20106 });
    const ticket = await ticketFor("register", "new.user@example.com");
    const sent = await call("POST", "/v1/captcha", {
      body: { receiver: "new.user@example.com", nonce, type: "register", ticket },
    });
    expect(sent).toMatchObject({ status: 200, code: 0, data: { resendAfter: 60 } });
    const code = await lastCodeFor("new.user@example.com");

    const registered = await call("POST", "/v1/register", {
      body: { email: "NEW.USER@example.com", password: "secret-pass1", captcha: code, nonce },
      headers: { "x-forwarded-for": "203.0.113.7", "x-client-user-agent": "Browser/1.0", "x-app-code": "passport", "x-app-platform": "web-pc", "x-app-version": "1.11.19" },
    });
    expect(registered).toMatchObject({ status: 200, code: 0 });
    const { utoken, uid } = registered.data as { utoken: string; uid: string };
    expect(utoken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const full = await call("GET", "/v1/user/fullinfo", { token: utoken });
    expect(full).toMatchObject({ status: 200, code: 0 });
    const info = userFullInfoResponse.parse(full.data);
    expect(info).toEqual({
      uid,
      email: "new.user@example.com",
      nickname: null,
      headpic: null,
      enterpriseUser: null,
      introduction: null,
      gender: null,
      birthday: null,
      country: null,
      countryRegion: null,
      region: null,
      createdAt: "2026-03-01T08:00:00.000Z",
    });
    const basic = await call("GET", "/v1/user/basic", { token: utoken });
    expect(basic.data).toEqual({ uid, email: "new.user@example.com", nickname: null, headpic: null, enterpriseUser: null });

    // the session records who signed up, from the headers the portal forwards
    const db = await getDb();
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, uid));
    expect(session).toMatchObject({ ip: "203.0.113.7", userAgent: "Browser/1.0", appCode: "passport", platform: "web-pc", appVersion: "1.11.19", endedAt: null });
    // neither the token nor the code nor the password is stored as given
    expect(session?.tokenHash).not.toContain(utoken);
    const [user] = await db.select().from(users).where(eq(users.id, uid));
    expect(user?.passwordHash.startsWith("$argon2id$")).toBe(true);
    const stored = await db.select().from(verificationCodes).where(eq(verificationCodes.email, "new.user@example.com"));
    expect(stored.every((row) => !row.codeHash.includes(code) && row.usedAt !== null)).toBe(true);
  });

  test("register with an email that already has an account → 20201", async () => {
    await registerUser("taken@example.com");
    backend.advance(61);
    // asking for a register code already says so, and sends nothing
    const verified = await call("POST", "/v1/verify/email", { body: { email: "Taken@example.com" } });
    const nonce = String(verified.data?.nonce);
    const refused = await resendCode("Taken@example.com", nonce);
    expect(refused).toMatchObject({ status: 409, code: 20201 });
    expect(typeof refused.message).toBe("string");
    // register itself checks the code first: a made-up one is 20204, as for a new address
    const again = await call("POST", "/v1/register", {
      body: { email: "TAKEN@example.com", password: "other-pass", captcha: "123456", nonce },
    });
    expect(again).toMatchObject({ status: 400, code: 20204 });
  });

  test("a login or findpwd code for an unknown email → 20203", async () => {
    for (const type of ["login", "findpwd"] as const) {
      const { reply } = await askForCode("nobody@example.com", type);
      expect(reply).toMatchObject({ status: 404, code: 20203 });
    }
  });

  test("a findpwd code for an existing account is mailed", async () => {
    await registerUser("forgetful@example.com");
    const { code, reply } = await requestCode("forgetful@example.com", "findpwd");
    expect(reply.data).toEqual({ resendAfter: 60 });
    expect(code).toMatch(/^\d{6}$/);
  });

  test("the lang header picks the language of the mail", async () => {
    await requestCode("zh.user@example.com", "register", { lang: "zh-CN" });
    expect(outboxFiles("zh.user@example.com").at(-1)?.text).toContain("注册验证码");
    await requestCode("en.user@example.com", "register", { lang: "en" });
    expect(outboxFiles("en.user@example.com").at(-1)?.text).toContain("Your registration code");
  });

  test("without SMTP the outbox writes each mail to DATA_DIR/outbox and logs one line naming the file, never the code", async () => {
    const { result, lines, text } = await captureLog(() => requestCode("reader@example.com"));
    const [file] = outboxFiles("reader@example.com");
    expect(file?.name).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-reader@example\.com\.txt$/);
    expect(file?.text).toMatch(/^To: reader@example\.com\nSubject: Your registration code\n/);
    expect(file?.text).toContain(`Your verification code to create your account: ${result.code}`);
    const written = lines.filter((line) => line.msg === "outbox: mail written to a file (SMTP_URL is not set)");
    expect(written).toHaveLength(1);
    expect(String(written[0]?.file)).toMatch(new RegExp(`outbox/${file?.name.replace(/[.+]/g, "\\$&")}$`));
    expect(text).not.toContain(result.code);
    // the mail log in the database keeps the mail without its code
    const db = await getDb();
    const [row] = await db.select().from(outboxMails).where(eq(outboxMails.toAddress, "reader@example.com"));
    expect(row).toMatchObject({ transport: "outbox", status: "written" });
    expect(row?.text).not.toContain(result.code);
    expect(row?.text).toContain("******");
  });
});
