import { createEnterprise } from "@/lib/backend/cli/commands";
import { createUser, findUserByEmail } from "@/lib/backend/services/users";
import { call, lastCodeFor, mailIds, OPEN_TIMEOUT, registerUser, requestCode, startBackend, stopBackend, ticketFor } from "./support/harness";

/**
 * Every way a password is set refuses one from the offline list of common passwords with 20220
 * (HTTP 400), before anything is spent or changed: the emailed code still works for a second try,
 * the old password still signs in, the account is as it was. Checked without the range API
 * (PWNED_PASSWORDS_URL unset: the default); the range API has its own file.
 */
beforeAll(async () => {
  await startBackend();
}, OPEN_TIMEOUT);
afterAll(async () => {
  await stopBackend();
});

const BREACHED = "Password1"; // "password1" is on the list; the check ignores case
const refused = { status: 400, code: 20220 };
const login = (email: string, password: string) => call("POST", "/v1/login", { body: { email, password } });

test("register: refused, no account made, and the same code then registers with a good password", async () => {
  const email = "newcomer@example.com";
  const { nonce, code } = await requestCode(email);
  expect(await call("POST", "/v1/register", { body: { email, password: BREACHED, captcha: code, nonce } })).toMatchObject(refused);
  expect(await call("POST", "/v1/register", { body: { email, password: "QWERTY123", captcha: code, nonce } })).toMatchObject(refused);
  expect(await findUserByEmail(email)).toBeNull();
  expect(await call("POST", "/v1/register", { body: { email, password: "Laser-Fresh-7", captcha: code, nonce } })).toMatchObject({ status: 200, code: 0 });
});

test("find password: refused with the right code, the old password still works, the code is not spent", async () => {
  const email = "forgetful@example.com";
  await registerUser(email, "Laser-Old-7");
  const { nonce, code } = await requestCode(email, "findpwd");
  expect(await call("POST", "/v1/find/password", { body: { email, captcha: code, nonce, password: BREACHED } })).toMatchObject(refused);
  expect(await login(email, "Laser-Old-7")).toMatchObject({ code: 0 });
  expect(await call("POST", "/v1/find/password", { body: { email, captcha: code, nonce, password: "Laser-New-7" } })).toMatchObject({ code: 0 });
  expect(await login(email, "Laser-New-7")).toMatchObject({ code: 0 });
});

test("change password: refused before the current password is checked, so nothing is changed or counted", async () => {
  const email = "changer@example.com";
  const { utoken } = await registerUser(email, "Laser-Old-8");
  const change = (oldPassword: string, newPassword: string) => call("PATCH", "/v1/user/password", { token: utoken, body: { oldPassword, newPassword } });
  expect(await change("Laser-Old-8", "iloveyou")).toMatchObject(refused);
  // a session holder cannot test guesses of the current password this way, and is not slowed down
  for (let i = 0; i < 6; i++) expect(await change(`wrong-guess-${i}`, "iloveyou")).toMatchObject(refused);
  // six wrong current passwords would have begun the growing wait (from the 5th): none began
  expect(await login(email, "Laser-Old-8")).toMatchObject({ code: 0 });
  expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ code: 0 });
  expect(await change("Laser-Old-8", "Laser-New-8")).toMatchObject({ code: 0 });
});

test("a first password for a social-only account: refused, the account still has none, the code still works", async () => {
  const email = "social-only@example.com";
  await createUser({ email, passwordHash: "not-a-hash", passwordSet: false });
  const signIn = await requestCode(email, "login");
  const session = await call("POST", "/v1/login/email/captcha", { body: { email, captcha: signIn.code, nonce: signIn.nonce } });
  const token = String(session.data?.utoken);

  const seen = await mailIds(email);
  const nonce = String((await call("POST", "/v1/user/verify/email", { token, body: {} })).data?.nonce);
  const ticket = await ticketFor("findpwd", email);
  expect(await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type: "findpwd", ticket } })).toMatchObject({ code: 0 });
  const captcha = await lastCodeFor(email, seen);
  expect(await call("POST", "/v1/user/password/set", { token, body: { captcha, nonce, password: "zaq12wsx" } })).toMatchObject(refused);
  expect(await findUserByEmail(email)).toMatchObject({ passwordSet: false });
  expect(await call("POST", "/v1/user/password/set", { token, body: { captcha, nonce, password: "Laser-First-9" } })).toMatchObject({ code: 0 });
  expect(await login(email, "Laser-First-9")).toMatchObject({ code: 0 });
});

test("the enterprise first-password change: refused, the default password and its warning stay", async () => {
  const created = await createEnterprise({ account: "BREACH-01", email: "boss@breach.test", name: "Breach Co" });
  const enterpriseLogin = () => call("POST", "/v1/enterprise/login", { body: { account: created.account, email: created.email, password: created.password } });
  const signedIn = await enterpriseLogin();
  expect(signedIn).toMatchObject({ code: 0, data: { defaultPassword: true } });
  const token = String(signedIn.data?.utoken);
  const change = (newPassword: string) => call("PATCH", "/v1/enterprise/password", { token, body: { oldPassword: created.password, newPassword, signOutOthers: false } });
  expect(await change("letmein1")).toMatchObject(refused);
  expect(await enterpriseLogin()).toMatchObject({ code: 0, data: { defaultPassword: true } });
  expect(await change("Laser-Corp-2026")).toMatchObject({ code: 0 });
  expect(await call("POST", "/v1/enterprise/login", { body: { account: created.account, email: created.email, password: "Laser-Corp-2026" } })).toMatchObject({
    code: 0,
    data: { defaultPassword: false },
  });
});

test("SPEC's length rule still comes first: a short common password is a length error, not 20220", async () => {
  const { utoken } = await registerUser("short@example.com", "Laser-Old-9");
  const answer = await call("PATCH", "/v1/user/password", { token: utoken, body: { oldPassword: "Laser-Old-9", newPassword: "12345" } });
  expect(answer).toMatchObject({ status: 400, code: 10001, data: { fields: ["newPassword"] } });
});
