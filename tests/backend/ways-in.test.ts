import { createEnterprise, setUserStatus } from "@/lib/backend/cli/commands";
import { enterpriseLoginResponse, userBasicResponse, userFullInfoResponse } from "@/lib/contract/passport";
import { call, OPEN_TIMEOUT, registerUser, requestCode, startBackend, stopBackend, ticketFor, type Backend } from "./support/harness";

/** Every way in: sign-in by emailed code, password recovery, enterprise sign-in. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

function byCode(body: { email: string; captcha: string; nonce: string; remember?: boolean }) {
  return call("POST", "/v1/login/email/captcha", { body });
}
function signIn(email: string, password: string) {
  return call("POST", "/v1/login", { body: { email, password } });
}
function enterpriseSignIn(body: { account: string; email: string; password: string; remember?: boolean; ticket?: string }) {
  return call("POST", "/v1/enterprise/login", { body });
}

describe("sign-in with an emailed code", () => {
  test("a login code → a session fullinfo accepts; the code works once", async () => {
    const { uid } = await registerUser("coder@example.com");
    const { nonce, code } = await requestCode("coder@example.com", "login");
    const reply = await byCode({ email: " Coder@Example.com ", captcha: code, nonce, remember: true });
    expect(reply).toMatchObject({ status: 200, code: 0, data: { uid } });
    const full = await call("GET", "/v1/user/fullinfo", { token: String(reply.data?.utoken) });
    expect(full).toMatchObject({ code: 0, data: { uid, email: "coder@example.com", enterpriseUser: null } });
    expect(await byCode({ email: "coder@example.com", captcha: code, nonce })).toMatchObject({ status: 400, code: 20204 });
  });

  test("one code sent by two sign-ins at once: exactly one signs in", async () => {
    await registerUser("twice@example.com");
    const { nonce, code } = await requestCode("twice@example.com", "login");
    const replies = await Promise.all([0, 1].map(() => byCode({ email: "twice@example.com", captcha: code, nonce })));
    expect(replies.map((reply) => reply.code).sort()).toEqual([0, 20204]);
  });

  test("a wrong code → 20204; a code for another purpose does not sign in", async () => {
    await registerUser("purpose@example.com");
    const { nonce, code } = await requestCode("purpose@example.com", "findpwd");
    expect(await byCode({ email: "purpose@example.com", captcha: code, nonce })).toMatchObject({ code: 20204 });
    const login = await requestCode("purpose@example.com", "login");
    const wrong = login.code === "000000" ? "000001" : "000000";
    expect(await byCode({ email: "purpose@example.com", captcha: wrong, nonce: login.nonce })).toMatchObject({ code: 20204 });
    expect((await byCode({ email: "purpose@example.com", captcha: login.code, nonce: login.nonce })).code).toBe(0);
  });

  test("an unknown email with a made-up code → 20204, as a known one: the code is checked first", async () => {
    expect(await byCode({ email: "stranger@example.com", captcha: "123456", nonce: "n".repeat(43) })).toMatchObject({ status: 400, code: 20204 });
    expect(await byCode({ email: "purpose@example.com", captcha: "123456", nonce: "n".repeat(43) })).toMatchObject({ status: 400, code: 20204 });
  });
});

describe("password recovery", () => {
  test("findpwd sets the new password, ends every session, and the old password is refused", async () => {
    const email = "forgot@example.com";
    const first = await registerUser(email, "old-pass-1");
    const second = await signIn(email, "old-pass-1");
    expect(second.code).toBe(0);

    const { nonce, code } = await requestCode(email, "findpwd");
    const reset = await call("POST", "/v1/find/password", { body: { email, captcha: code, nonce, password: "new-pass-2" } });
    expect(reset).toMatchObject({ status: 200, code: 0, data: {} });

    for (const token of [first.utoken, String(second.data?.utoken)]) {
      expect(await call("GET", "/v1/user/basic", { token })).toMatchObject({ status: 401, code: 20101 });
    }
    expect(await signIn(email, "old-pass-1")).toMatchObject({ status: 401, code: 20205 });
    expect(await signIn(email, "new-pass-2")).toMatchObject({ status: 200, code: 0 });
    // the code is spent
    const again = await call("POST", "/v1/find/password", { body: { email, captcha: code, nonce, password: "third-pass-3" } });
    expect(again.code).toBe(20204);
  });

  test("one reset code sent twice at once with two new passwords: exactly one is set, the other changes nothing", async () => {
    const email = "reset-race@example.com";
    await registerUser(email, "old-pass-1");
    const { nonce, code } = await requestCode(email, "findpwd");
    const passwords = ["first-new-1", "second-new-2"];
    const replies = await Promise.all(passwords.map((password) => call("POST", "/v1/find/password", { body: { email, captcha: code, nonce, password } })));
    expect(replies.map((reply) => reply.code).sort()).toEqual([0, 20204]);
    const winner = passwords[replies.findIndex((reply) => reply.code === 0)];
    const loser = passwords.find((password) => password !== winner) ?? "";
    expect(await signIn(email, String(winner))).toMatchObject({ status: 200, code: 0 });
    expect(await signIn(email, loser)).toMatchObject({ status: 401, code: 20205 });
    expect(await signIn(email, "old-pass-1")).toMatchObject({ status: 401, code: 20205 });
  });

  test("a login code cannot reset a password; a bad new password changes nothing", async () => {
    const email = "careful-reset@example.com";
    await registerUser(email, "keep-this-1");
    const login = await requestCode(email, "login");
    const misuse = await call("POST", "/v1/find/password", { body: { email, captcha: login.code, nonce: login.nonce, password: "new-pass-2" } });
    expect(misuse.code).toBe(20204);
    const { nonce, code } = await requestCode(email, "findpwd");
    const tooShort = await call("POST", "/v1/find/password", { body: { email, captcha: code, nonce, password: "123" } });
    expect(tooShort).toMatchObject({ status: 400, code: 10001 });
    expect((await signIn(email, "keep-this-1")).code).toBe(0);
  });

  test("an unknown email with a made-up code → 20204, as a known one: the code is checked first", async () => {
    const reset = (email: string) => call("POST", "/v1/find/password", { body: { email, captcha: "123456", nonce: "n".repeat(43), password: "new-pass-2" } });
    expect(await reset("void@example.com")).toMatchObject({ status: 400, code: 20204 });
    expect(await reset("forgot@example.com")).toMatchObject({ status: 400, code: 20204 });
  });
});

describe("enterprise sign-in", () => {
  let acme: { account: string; email: string; name: string; password: string };
  beforeAll(async () => {
    acme = await createEnterprise({ account: "ACME-01", email: "Boss@Acme.test", name: "Acme Lasers" });
    await createEnterprise({ account: "globex", email: "hank@globex.test", name: "Globex" });
    await registerUser("consumer@example.com", "consumer-pass1");
  });

  test("verify/account gives the enterprise's name (any case); an unknown ID → 20202", async () => {
    expect(await call("POST", "/v1/enterprise/verify/account", { body: { account: "acme-01" } })).toMatchObject({
      status: 200,
      code: 0,
      data: { account: "ACME-01", name: "Acme Lasers" },
    });
    expect(await call("POST", "/v1/enterprise/verify/account", { body: { account: "initech" } })).toMatchObject({ status: 404, code: 20202 });
    expect((await call("POST", "/v1/enterprise/verify/account", { body: { account: "" } })).code).toBe(10001);
  });

  test("the default password signs in with defaultPassword: true, and user info shows the enterprise", async () => {
    const reply = await enterpriseSignIn({ account: "ACME-01", email: "boss@acme.test", password: acme.password });
    expect(reply).toMatchObject({ status: 200, code: 0 });
    const session = enterpriseLoginResponse.parse(reply.data);
    expect(session.defaultPassword).toBe(true);
    const enterpriseUser = { uid: session.uid, account: "ACME-01", name: "Acme Lasers", defaultPassword: true };
    const basic = userBasicResponse.parse((await call("GET", "/v1/user/basic", { token: session.utoken })).data);
    expect(basic.enterpriseUser).toEqual(enterpriseUser);
    const full = userFullInfoResponse.parse((await call("GET", "/v1/user/fullinfo", { token: session.utoken })).data);
    expect(full).toMatchObject({ uid: session.uid, email: "boss@acme.test", enterpriseUser });
  });

  test("consumer sign-in refuses enterprise users (20205), even with the right password", async () => {
    expect(await signIn("boss@acme.test", acme.password)).toMatchObject({ status: 401, code: 20205 });
    const { nonce, code } = await requestCode("hank@globex.test", "login");
    expect(await byCode({ email: "hank@globex.test", captcha: code, nonce })).toMatchObject({ code: 20205 });
  });

  test("refusals: an unknown ID, a consumer, another enterprise's user or a wrong password → 20205", async () => {
    expect(await enterpriseSignIn({ account: "initech", email: "boss@acme.test", password: acme.password })).toMatchObject({ status: 401, code: 20205 });
    expect(await enterpriseSignIn({ account: "ACME-01", email: "consumer@example.com", password: "consumer-pass1" })).toMatchObject({ status: 401, code: 20205 });
    expect((await enterpriseSignIn({ account: "globex", email: "boss@acme.test", password: acme.password })).code).toBe(20205);
    // three failures for that email within the hour: a verification for enterprise_login is needed now
    expect((await enterpriseSignIn({ account: "ACME-01", email: "boss@acme.test", password: "not-it-123" })).code).toBe(20106);
    const ticket = await ticketFor("enterprise_login", "boss@acme.test");
    expect((await enterpriseSignIn({ account: "ACME-01", email: "boss@acme.test", password: "not-it-123", ticket })).code).toBe(20205);
  });

  test("changing the password: wrong old one → 20206; then the flag clears, other sessions end, the old password is refused", async () => {
    backend.advance(3600); // past the failures of the tests before
    const first = await enterpriseSignIn({ account: "acme-01", email: "boss@acme.test", password: acme.password });
    const other = await enterpriseSignIn({ account: "ACME-01", email: "boss@acme.test", password: acme.password });
    const token = String(first.data?.utoken);

    const wrong = await call("PATCH", "/v1/enterprise/password", { token, body: { oldPassword: "not-it-123", newPassword: "brand-new-1" } });
    expect(wrong).toMatchObject({ status: 400, code: 20206 });
    const changed = await call("PATCH", "/v1/enterprise/password", { token, body: { oldPassword: acme.password, newPassword: "brand-new-1" } });
    expect(changed).toMatchObject({ status: 200, code: 0, data: {} });

    expect((await call("GET", "/v1/user/basic", { token })).data).toMatchObject({ enterpriseUser: { defaultPassword: false } });
    expect((await call("GET", "/v1/user/basic", { token: String(other.data?.utoken) })).code).toBe(20101);
    expect((await enterpriseSignIn({ account: "ACME-01", email: "boss@acme.test", password: acme.password })).code).toBe(20205);
    const fresh = await enterpriseSignIn({ account: "ACME-01", email: "boss@acme.test", password: "brand-new-1" });
    expect(fresh).toMatchObject({ code: 0, data: { defaultPassword: false } });
  });

  test("a restricted or banned enterprise user cannot sign in (20103 / 20105)", async () => {
    const initech = await createEnterprise({ account: "initech-2", email: "peter@initech.test", name: "Initech" });
    const body = { account: "initech-2", email: "peter@initech.test", password: initech.password };
    await setUserStatus("peter@initech.test", "restricted");
    expect(await enterpriseSignIn(body)).toMatchObject({ status: 403, code: 20103 });
    await setUserStatus("peter@initech.test", "banned");
    expect(await enterpriseSignIn(body)).toMatchObject({ status: 403, code: 20105 });
    await setUserStatus("peter@initech.test", "active");
    expect((await enterpriseSignIn(body)).code).toBe(0);
  });

  test("only enterprise users may change the enterprise password: a consumer → 20102, no session → 20101", async () => {
    const consumer = await signIn("consumer@example.com", "consumer-pass1");
    const body = { oldPassword: "consumer-pass1", newPassword: "brand-new-1" };
    expect(await call("PATCH", "/v1/enterprise/password", { token: String(consumer.data?.utoken), body })).toMatchObject({ status: 403, code: 20102 });
    expect(await call("PATCH", "/v1/enterprise/password", { body })).toMatchObject({ status: 401, code: 20101 });
    expect((await signIn("consumer@example.com", "consumer-pass1")).code).toBe(0);
  });
});
