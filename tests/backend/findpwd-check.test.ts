import { findPasswordCheckResponse } from "@/lib/contract/passport";
import { servicesApp } from "@/lib/backend/http/app";
import { call, fromIp, OPEN_TIMEOUT, registerUser, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";

/**
 * POST /v1/find/password/check: the code step of password recovery checks the emailed code
 * before the new password is asked for. It does not redeem the code, and a wrong check spends
 * one of the code's five attempts, the same ones a wrong reset spends.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

function check(body: { email: string; captcha: string; nonce: string }, headers?: Record<string, string>) {
  return call("POST", "/v1/find/password/check", { body, headers });
}
function reset(body: { email: string; captcha: string; nonce: string; password: string }, headers?: Record<string, string>) {
  return call("POST", "/v1/find/password", { body, headers });
}
function signIn(email: string, password: string) {
  return call("POST", "/v1/login", { body: { email, password } });
}
function wrong(code: string): string {
  return code === "000000" ? "000001" : "000000";
}

describe("checking a password-recovery code", () => {
  test("the right code → 0 with the seconds it stays valid; the code still resets the password afterwards", async () => {
    const email = "checked@example.com";
    const ip = fromIp("198.51.100.70");
    await registerUser(email, "old-pass-1", ip);
    const { nonce, code } = await requestCode(email, "findpwd", ip);
    backend.advance(60);

    const reply = await check({ email: " Checked@Example.com ", captcha: code, nonce }, ip);
    expect(reply).toMatchObject({ status: 200, code: 0 });
    expect(findPasswordCheckResponse.parse(reply.data)).toEqual({ expiresIn: 540 });
    // checking again (the user went back and forth) still answers, and still does not redeem it
    for (let i = 0; i < 6; i++) expect((await check({ email, captcha: code, nonce }, ip)).code).toBe(0);

    expect(await reset({ email, captcha: code, nonce, password: "new-pass-2" }, ip)).toMatchObject({ status: 200, code: 0 });
    expect((await signIn(email, "new-pass-2")).code).toBe(0);
    // now it is spent, for the check too
    expect(await check({ email, captcha: code, nonce }, ip)).toMatchObject({ status: 400, code: 20204 });
  });

  test("a wrong code, a wrong nonce or a code of another purpose → 400, 20204, and nothing changes", async () => {
    const email = "wrong-check@example.com";
    const ip = fromIp("198.51.100.71");
    await registerUser(email, "keep-this-1", ip);
    const { nonce, code } = await requestCode(email, "findpwd", ip);
    expect(await check({ email, captcha: wrong(code), nonce }, ip)).toMatchObject({ status: 400, code: 20204 });
    expect(await check({ email, captcha: code, nonce: "m".repeat(43) }, ip)).toMatchObject({ status: 400, code: 20204 });
    const login = await requestCode(email, "login", ip);
    expect(await check({ email, captcha: login.code, nonce: login.nonce }, ip)).toMatchObject({ status: 400, code: 20204 });
    // two wrong checks spent two attempts; the right code still works
    expect((await check({ email, captcha: code, nonce }, ip)).code).toBe(0);
    expect((await signIn(email, "keep-this-1")).code).toBe(0);
  });

  test("wrong checks and wrong resets share the five attempts: then even the right code is refused", async () => {
    const email = "guesser@example.com";
    const ip = fromIp("198.51.100.72");
    await registerUser(email, "keep-this-1", ip);
    const { nonce, code } = await requestCode(email, "findpwd", ip);
    for (let i = 0; i < 3; i++) expect((await check({ email, captcha: wrong(code), nonce }, ip)).code).toBe(20204);
    for (let i = 0; i < 2; i++) expect((await reset({ email, captcha: wrong(code), nonce, password: "new-pass-2" }, ip)).code).toBe(20204);
    expect(await check({ email, captcha: code, nonce }, ip)).toMatchObject({ status: 400, code: 20204 });
    expect((await reset({ email, captcha: code, nonce, password: "new-pass-2" }, ip)).code).toBe(20204);
    expect((await signIn(email, "keep-this-1")).code).toBe(0);
  });

  test("five wrong checks alone kill the code for the reset", async () => {
    const email = "five-checks@example.com";
    const ip = fromIp("198.51.100.73");
    await registerUser(email, "keep-this-1", ip);
    const { nonce, code } = await requestCode(email, "findpwd", ip);
    for (let i = 0; i < 5; i++) expect((await check({ email, captcha: wrong(code), nonce }, ip)).code).toBe(20204);
    expect((await reset({ email, captcha: code, nonce, password: "new-pass-2" }, ip)).code).toBe(20204);
  });

  test("an expired code → 20204", async () => {
    const email = "late-check@example.com";
    const ip = fromIp("198.51.100.74");
    await registerUser(email, "keep-this-1", ip);
    const { nonce, code } = await requestCode(email, "findpwd", ip);
    backend.advance(10 * 60);
    expect((await check({ email, captcha: code, nonce }, ip)).code).toBe(20204);
  });

  test("an unknown email with a made-up code → 400, 20204 (the code is checked first); a malformed body → 400, 10001", async () => {
    const ip = fromIp("198.51.100.75");
    expect(await check({ email: "nobody-here@example.com", captcha: "123456", nonce: "n".repeat(43) }, ip)).toMatchObject({ status: 400, code: 20204 });
    expect(await check({ email: "not-an-email", captcha: "123456", nonce: "n".repeat(43) }, ip)).toMatchObject({ status: 400, code: 10001 });
    expect(await check({ email: "checked@example.com", captcha: "12ab", nonce: "n".repeat(43) }, ip)).toMatchObject({ status: 400, code: 10001 });
  });

  test("checks count toward the per-IP cap on code checks (60 an hour)", async () => {
    const ip = fromIp("198.51.100.76");
    await registerUser("capped-check@example.com", "keep-this-1", fromIp("198.51.100.77"));
    const body = { email: "capped-check@example.com", captcha: "123456", nonce: "n".repeat(43) };
    for (let i = 0; i < 60; i++) expect((await check(body, ip)).code).toBe(20204);
    expect(await check(body, ip)).toMatchObject({ status: 429, code: 10004 });
  });

  test("the contract lists it in /v1/openapi.json, with its request and response", async () => {
    const response = await servicesApp().fetch(new Request("http://localhost/v1/openapi.json"));
    const document = (await response.json()) as { paths: Record<string, { post?: { requestBody?: unknown; responses?: unknown } }> };
    const route = document.paths["/v1/find/password/check"]?.post;
    expect(route?.requestBody).toBeDefined();
    expect(JSON.stringify(route?.responses)).toContain("expiresIn");
  });
});
