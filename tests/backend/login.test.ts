import { call, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
  await registerUser("login@example.com", "right-pass1");
}, OPEN_TIMEOUT);
afterAll(stopBackend);

describe("sign-in, the current user, logout", () => {
  test("a wrong password → 20205 with a message; the right one → a token fullinfo accepts", async () => {
    const refused = await call("POST", "/v1/login", { body: { email: "login@example.com", password: "wrong-pass" } });
    expect(refused).toMatchObject({ status: 401, code: 20205 });
    expect(refused.message).toEqual(expect.any(String));
    expect(JSON.stringify(refused)).not.toContain("wrong-pass");
    expect(refused.data).toBeUndefined();

    const ok = await call("POST", "/v1/login", { body: { email: " Login@Example.COM ", password: "right-pass1" } });
    expect(ok).toMatchObject({ status: 200, code: 0 });
    const full = await call("GET", "/v1/user/fullinfo", { token: String(ok.data?.utoken) });
    expect(full).toMatchObject({ code: 0, data: { uid: ok.data?.uid, email: "login@example.com" } });
  });

  test("passwords are case sensitive", async () => {
    expect((await call("POST", "/v1/login", { body: { email: "login@example.com", password: "RIGHT-PASS1" } })).code).toBe(20205);
  });

  test("an unknown email gets the wrong password's answer (20205) when no verification was passed", async () => {
    const reply = await call("POST", "/v1/login", { body: { email: "ghost@example.com", password: "whatever1" } });
    expect(reply).toMatchObject({ status: 401, code: 20205 });
  });

  test("each login is its own session; logout ends only that one → 20101 afterwards", async () => {
    const a = await call("POST", "/v1/login", { body: { email: "login@example.com", password: "right-pass1" } });
    const b = await call("POST", "/v1/login", { body: { email: "login@example.com", password: "right-pass1", remember: true } });
    const tokenA = String(a.data?.utoken);
    const tokenB = String(b.data?.utoken);
    expect(tokenA).not.toBe(tokenB);

    expect(await call("POST", "/v1/user/logout", { token: tokenA })).toMatchObject({ status: 200, code: 0, data: {} });
    expect(await call("GET", "/v1/user/fullinfo", { token: tokenA })).toMatchObject({ status: 401, code: 20101 });
    expect(await call("GET", "/v1/user/basic", { token: tokenA })).toMatchObject({ status: 401, code: 20101 });
    expect(await call("POST", "/v1/user/logout", { token: tokenA })).toMatchObject({ code: 20101 });
    expect((await call("GET", "/v1/user/basic", { token: tokenB })).code).toBe(0);
  });

  test("no token or an unknown token → 20101", async () => {
    expect(await call("GET", "/v1/user/fullinfo")).toMatchObject({ status: 401, code: 20101 });
    expect(await call("GET", "/v1/user/fullinfo", { token: "A".repeat(43) })).toMatchObject({ status: 401, code: 20101 });
  });

  test("a session unused for 30 days ends; a remembered one lives on", async () => {
    const plain = await call("POST", "/v1/login", { body: { email: "login@example.com", password: "right-pass1" } });
    const kept = await call("POST", "/v1/login", { body: { email: "login@example.com", password: "right-pass1", remember: true } });
    backend.advance(31 * 86_400);
    expect((await call("GET", "/v1/user/basic", { token: String(plain.data?.utoken) })).code).toBe(20101);
    expect((await call("GET", "/v1/user/basic", { token: String(kept.data?.utoken) })).code).toBe(0);
  });
});
