import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { createEnterprise } from "@/lib/backend/cli/commands";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { users } from "@/lib/backend/db/schema";
import { resetMailer } from "@/lib/backend/mail";
import { sendPasswordReset } from "@/lib/backend/services/console/user-actions";
import { settleSecurityNotices } from "@/lib/backend/services/security-notices";
import { createUser } from "@/lib/backend/services/users";
import {
  call,
  captureLog,
  envelope,
  fromIp,
  lastCodeFor,
  mailIds,
  OPEN_TIMEOUT,
  outboxFiles,
  registerUser,
  requestCode,
  send,
  startBackend,
  stopBackend,
  ticketFor,
  type Backend,
} from "./support/harness";
import { addPasskey, proveWithPassword, SoftAuthenticator } from "./support/passkeys";

/**
 * A password set any way (change, reset, a social-only account's first password, the enterprise
 * first-password change) mails the owner a security notice, read here from the outbox: in the
 * request's language, with the time, the device and the approximate place, and a link to the
 * security page on PUBLIC_ORIGIN, never on the request's Host. It holds no code, token or password.
 * A mail that cannot be sent is logged and never fails or holds up the change.
 */
const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const browser = (lang: "en" | "zh") => ({ ...fromIp("8.8.8.8"), "user-agent": MAC_CHROME, lang, "x-forwarded-host": "evil.example" });

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ PUBLIC_ORIGIN: "https://passport.example.com" });
}, OPEN_TIMEOUT);
afterAll(async () => {
  await stopBackend();
});

/** The mails to `email` written since `before`. */
function newMails(email: string, before: ReadonlySet<string>): string[] {
  return outboxFiles(email)
    .filter((file) => !before.has(file.name))
    .map((file) => file.text);
}

/** Nothing in a notice a reader could use to get in. */
function expectNoSecrets(mail: string, secrets: readonly string[]): void {
  expect(mail).not.toMatch(/\b\d{6}\b/); // no code-shaped number
  for (const secret of secrets) expect(mail).not.toContain(secret);
  expect(mail).not.toContain("evil.example");
  expect(mail).not.toMatch(/[?&](ut|utoken|token|code|nonce)=/i);
}

test("a changed password: an English notice with time, device, place and the security page, without secrets", async () => {
  const email = "notice-en@example.com";
  const { utoken } = await registerUser(email, "Laser-Old-1");
  const before = await mailIds(email);
  const answer = await call("PATCH", "/v1/user/password", { token: utoken, headers: browser("en"), body: { oldPassword: "Laser-Old-1", newPassword: "Laser-New-1" } });
  expect(answer).toMatchObject({ code: 0 });

  const mails = newMails(email, before);
  expect(mails).toHaveLength(1);
  const mail = mails[0] ?? "";
  expect(mail).toContain(`To: ${email}\nSubject: Your password was changed\n`);
  expect(mail).toContain(`The password of your account ${email} was changed.`);
  expect(mail).toContain("When: 1 March 2026 at 08:00 UTC");
  expect(mail).toContain("Device: macOS · Chrome 131");
  expect(mail).toMatch(/Where \(approximate\): .*United States of America\n/);
  expect(mail).toContain("Forgot password: https://passport.example.com/en/findpwd\n");
  expect(mail).toContain("Your security page: https://passport.example.com/en/profile/security\n");
  expect(mail).not.toContain("8.8.8.8"); // the place, not the address
  expectNoSecrets(mail, [utoken, "Laser-Old-1", "Laser-New-1"]);
});

test("a password reset in Chinese: a Chinese notice, and no trace of the reset code", async () => {
  const email = "notice-zh@example.com";
  await registerUser(email, "Laser-Old-2");
  const { nonce, code } = await requestCode(email, "findpwd");
  const before = await mailIds(email);
  backend.advance(90);
  const answer = await call("POST", "/v1/find/password", { headers: browser("zh"), body: { email, captcha: code, nonce, password: "Laser-New-2" } });
  expect(answer).toMatchObject({ code: 0 });

  const [mail = "", ...more] = newMails(email, before);
  expect(more).toEqual([]);
  expect(mail).toContain("Subject: 您的密码已修改\n");
  expect(mail).toContain(`您的账号 ${email} 的密码已修改。`);
  expect(mail).toContain("时间：2026年3月1日 08:01（UTC）");
  expect(mail).toContain("设备：macOS · Chrome 131");
  expect(mail).toMatch(/地点（大致）：.*美国\n/);
  expect(mail).toContain("忘记密码：https://passport.example.com/zh/findpwd\n");
  expect(mail).toContain("账号安全页面：https://passport.example.com/zh/profile/security\n");
  expectNoSecrets(mail, [code, nonce, "Laser-Old-2", "Laser-New-2"]);
});

test("without a known device or place the notice says so; a social-only account's first password is noticed too", async () => {
  const email = "notice-social@example.com";
  await createUser({ email, passwordHash: "not-a-hash", passwordSet: false });
  const signIn = await requestCode(email, "login");
  const token = String((await call("POST", "/v1/login/email/captcha", { body: { email, captcha: signIn.code, nonce: signIn.nonce } })).data?.utoken);
  const seen = await mailIds(email);
  const nonce = String((await call("POST", "/v1/user/verify/email", { token, body: {} })).data?.nonce);
  const ticket = await ticketFor("findpwd", email);
  expect(await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type: "findpwd", ticket } })).toMatchObject({ code: 0 });
  const captcha = await lastCodeFor(email, seen);
  const before = await mailIds(email);
  expect(await call("POST", "/v1/user/password/set", { token, headers: fromIp("192.168.1.20"), body: { captcha, nonce, password: "Laser-First-3" } })).toMatchObject({ code: 0 });

  const [mail = ""] = newMails(email, before);
  expect(mail).toContain("Subject: Your password was changed\n");
  expect(mail).toContain("Device: unknown\n");
  expect(mail).toContain("Where (approximate): unknown\n");
  expectNoSecrets(mail, [token, captcha, nonce, "Laser-First-3"]);
});

test("a removed passkey: a notice in the request's language; a refused removal sends none", async () => {
  const email = "notice-passkey@example.com";
  const { utoken } = await registerUser(email);
  // this backend's passkeys belong to its PUBLIC_ORIGIN
  const added = await addPasskey(utoken, new SoftAuthenticator("https://passport.example.com"));
  expect(added.code).toBe(0);
  const id = String(added.data?.id);
  const before = await mailIds(email);
  const stranger = await registerUser("notice-passkey-stranger@example.com");
  await proveWithPassword(stranger.utoken);
  expect(await call("DELETE", `/v1/user/passkey/${id}`, { token: stranger.utoken, headers: browser("zh") })).toMatchObject({ code: 20705 });
  expect(newMails(email, before)).toEqual([]);

  expect(await call("DELETE", `/v1/user/passkey/${id}`, { token: utoken, headers: browser("zh") })).toMatchObject({ code: 0 });
  const mails = newMails(email, before);
  expect(mails).toHaveLength(1);
  const mail = mails[0] ?? "";
  expect(mail).toContain(`To: ${email}\nSubject: 您的账号删除了通行密钥\n`);
  expect(mail).toContain(`您的账号 ${email} 删除了一个通行密钥，它已不能再用于登录。`);
  expect(mail).toContain("设备：macOS · Chrome 131\n");
  expect(mail).toContain("账号安全页面：https://passport.example.com/zh/profile/security\n");
  expectNoSecrets(mail, [utoken, id]);
});

test("the enterprise first-password change links to the enterprise security page", async () => {
  const created = await createEnterprise({ account: "NOTICE-01", email: "boss@notice.test", name: "Notice Co" });
  const signedIn = await call("POST", "/v1/enterprise/login", { body: { account: created.account, email: created.email, password: created.password } });
  const token = String(signedIn.data?.utoken);
  const before = await mailIds(created.email);
  const body = { oldPassword: created.password, newPassword: "Laser-Corp-4", signOutOthers: false };
  expect(await call("PATCH", "/v1/enterprise/password", { token, headers: browser("en"), body })).toMatchObject({ code: 0 });

  const [mail = ""] = newMails(created.email, before);
  expect(mail).toContain("Your security page: https://passport.example.com/en/profile-business/security\n");
  expectNoSecrets(mail, [token, created.password, "Laser-Corp-4"]);
});

test("a mail server that hangs neither holds up nor fails the change; the lost notice is one log line", async () => {
  const sockets: Socket[] = [];
  const silent: Server = createServer((socket) => sockets.push(socket)); // accepts, never greets
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const email = "notice-lost@example.com";
  const { utoken } = await registerUser(email, "Laser-Old-5");
  backend.reconfigure({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
  resetMailer();
  try {
    const connected = new Promise<void>((resolve) => silent.once("connection", () => resolve()));
    const { result, lines, text } = await captureLog(async (heard) => {
      const lost = heard((line) => line.event === "security notice not sent").then(() => "the notice was lost" as const);
      const sent = send("PATCH", "/v1/user/password", {
        token: utoken,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ oldPassword: "Laser-Old-5", newPassword: "Laser-New-5" }),
      });
      // the server never greets, so a change that waited for its notice would answer only after
      // the notice had failed (the mailer's own timeouts): the answer comes first
      const first = await Promise.race([sent.then(() => "the change was answered" as const), lost]);
      const response = await sent;
      // the notice still waits for the silent server; now it goes away, and the notice fails
      await connected;
      for (const socket of sockets) socket.destroy();
      await settleSecurityNotices();
      return { answer: await envelope(response), first };
    }, "warn");
    expect(result.answer).toMatchObject({ status: 200, code: 0 });
    expect(result.first).toBe("the change was answered");
    expect(lines.filter((line) => line.event === "security notice not sent")).toEqual([expect.objectContaining({ level: 40, kind: "password_changed" })]);
    expect(text).not.toContain("Laser-New-5");
    expect(await call("POST", "/v1/login", { body: { email, password: "Laser-New-5" } })).toMatchObject({ code: 0 });
  } finally {
    backend.reconfigure({ SMTP_URL: undefined });
    resetMailer();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});

test("mail in the account's language: set at registration, moved by a sign-in or a page in another language, never by a caller that states none", async () => {
  const email = "notice-language@example.com";
  const languageOf = async () => {
    const db = await getDb();
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.email, email));
    return row?.language;
  };
  const { utoken, uid } = await registerUser(email, "Laser-Old-3", { lang: "zh" });
  expect(await languageOf()).toBe("zh");

  // a change made on an English page still mails the account in its own language
  let before = await mailIds(email);
  expect(await call("PATCH", "/v1/user/password", { token: utoken, headers: browser("en"), body: { oldPassword: "Laser-Old-3", newPassword: "Laser-New-3" } })).toMatchObject({ code: 0 });
  expect(newMails(email, before)[0]).toContain("Subject: 您的密码已修改\n");

  // a caller without a language (an app's call) moves nothing; a page in English does
  expect(await call("GET", "/v1/user/fullinfo", { token: utoken })).toMatchObject({ code: 0 });
  expect(await languageOf()).toBe("zh");
  expect(await call("GET", "/v1/user/fullinfo", { token: utoken, headers: { lang: "en" } })).toMatchObject({ code: 0 });
  expect(await languageOf()).toBe("en");

  // an operator working in Chinese sends the reset mail in the account's English
  before = await mailIds(email);
  await sendPasswordReset(uid, "zh");
  const [reset = ""] = newMails(email, before);
  expect(reset).toContain("https://passport.example.com/en/findpwd");

  // a sign-in in Chinese moves it back
  expect(await call("POST", "/v1/login", { headers: { lang: "zh" }, body: { email, password: "Laser-New-3" } })).toMatchObject({ code: 0 });
  expect(await languageOf()).toBe("zh");
});
