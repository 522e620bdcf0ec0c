/** @jest-environment node */
import { http, HttpResponse, type JsonBodyType } from "msw";
import { setupServer } from "msw/node";
import {
  changeEnterprisePassword,
  checkFindPasswordCode,
  enterpriseLogin,
  findPassword,
  getUserBasic,
  loginWithCode,
  getUserFullInfo,
  loginWithPassword,
  logout,
  register,
  sendEmailCode,
  verifyEmail,
  verifyEnterpriseAccount,
  type UpstreamContext,
} from "@/lib/upstream/passport";

const BASE = "http://passport.test";
const ctx: UpstreamContext = {
  token: "session-token",
  lang: "en",
  app: { code: "passport", system: "web-pc", appVersion: "", origin: "passport" },
  clientIp: "198.51.100.4",
  clientUserAgent: "Mozilla/5.0",
};
const session = { utoken: "u".repeat(40), uid: "6f1c1c3e-8d6b-4b8e-9a39-2d3c3f1f0a11" };
const basic = { uid: session.uid, email: "ada@example.com", nickname: "Ada", headpic: null, enterpriseUser: null };

type Seen = { method: string; path: string; body: unknown; token: string | null };
let seen: Seen[] = [];

/** Answers `method path` with a code-0 envelope around `data` and records what was asked. */
function answer(method: "get" | "post" | "patch", path: string, data?: JsonBodyType) {
  server.use(
    http[method](`${BASE}${path}`, async ({ request }) => {
      const text = await request.text();
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : undefined,
        token: request.headers.get("utoken"),
      });
      return HttpResponse.json({ code: 0, data });
    }),
  );
}

const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

describe("passport API calls", () => {
  it("verifyEmail posts the email and returns the nonce", async () => {
    answer("post", "/v1/verify/email", { nonce: "n".repeat(32) });

    await expect(verifyEmail(ctx, { email: "ada@example.com" })).resolves.toEqual({ nonce: "n".repeat(32) });
    expect(seen).toEqual([{ method: "POST", path: "/v1/verify/email", body: { email: "ada@example.com" }, token: "session-token" }]);
  });

  it("verifyEmail without an email asks for the signed-in user's own address", async () => {
    answer("post", "/v1/user/verify/email", { nonce: "m".repeat(32) });

    await expect(verifyEmail(ctx)).resolves.toEqual({ nonce: "m".repeat(32) });
    expect(seen[0]?.path).toBe("/v1/user/verify/email");
  });

  it("sendEmailCode posts receiver, nonce and purpose to /v1/captcha", async () => {
    answer("post", "/v1/captcha", { resendAfter: 60 });

    const result = await sendEmailCode(ctx, { email: "ada@example.com", nonce: "n".repeat(32), purpose: "register" });

    expect(result).toEqual({ resendAfter: 60 });
    expect(seen[0]?.body).toEqual({ receiver: "ada@example.com", nonce: "n".repeat(32), type: "register" });
  });

  it("register sends the emailed code as `captcha` and returns the new session", async () => {
    answer("post", "/v1/register", session);

    const result = await register(ctx, { email: "ada@example.com", password: "secret1", code: "123456", nonce: "n".repeat(32) });

    expect(result).toEqual(session);
    expect(seen[0]?.body).toEqual({ email: "ada@example.com", password: "secret1", captcha: "123456", nonce: "n".repeat(32) });
  });

  it("loginWithPassword posts the credentials to /v1/login and returns the session", async () => {
    answer("post", "/v1/login", session);

    await expect(loginWithPassword(ctx, { email: "ada@example.com", password: "secret1", remember: true })).resolves.toEqual(session);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/login", body: { email: "ada@example.com", password: "secret1", remember: true } });
  });

  it("getUserBasic and getUserFullInfo read the signed-in user with the session token", async () => {
    const full = { ...basic, introduction: null, gender: "female", birthday: "1815-12-10", country: 44, region: null, countryRegion: "United Kingdom", createdAt: "2026-01-01T00:00:00Z" };
    answer("get", "/v1/user/basic", basic);
    answer("get", "/v1/user/fullinfo", full);

    await expect(getUserBasic(ctx)).resolves.toEqual(basic);
    await expect(getUserFullInfo(ctx)).resolves.toEqual(full);
    expect(seen.map((s) => [s.method, s.path, s.token])).toEqual([
      ["GET", "/v1/user/basic", "session-token"],
      ["GET", "/v1/user/fullinfo", "session-token"],
    ]);
  });

  it("getUserBasic rejects an expired session with code 20101", async () => {
    server.use(http.get(`${BASE}/v1/user/basic`, () => HttpResponse.json({ code: 20101, message: "Login expired" }, { status: 401 })));

    await expect(getUserBasic(ctx)).rejects.toMatchObject({ name: "UpstreamError", code: 20101 });
  });

  it("logout ends the session", async () => {
    answer("post", "/v1/user/logout");

    await expect(logout(ctx)).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/user/logout", token: "session-token" });
  });

  it("logout treats an already expired session (20101) as logged out, but not other errors", async () => {
    server.use(http.post(`${BASE}/v1/user/logout`, () => HttpResponse.json({ code: 20101 }, { status: 401 })));
    await expect(logout(ctx)).resolves.toBeUndefined();

    server.use(http.post(`${BASE}/v1/user/logout`, () => HttpResponse.json({ code: 10000 }, { status: 500 })));
    await expect(logout(ctx)).rejects.toMatchObject({ code: 10000 });
  });
});

describe("every way in", () => {
  it("loginWithPassword sends the human-verification ticket when it has one", async () => {
    answer("post", "/v1/login", session);
    await loginWithPassword(ctx, { email: "ada@example.com", password: "secret1", remember: false, ticket: "t".repeat(20) });
    expect(seen[0]?.body).toEqual({ email: "ada@example.com", password: "secret1", remember: false, ticket: "t".repeat(20) });
  });

  it("loginWithCode posts the emailed code as `captcha` with its nonce and remember me", async () => {
    answer("post", "/v1/login/email/captcha", session);
    await expect(loginWithCode(ctx, { email: "ada@example.com", code: "123456", nonce: "n".repeat(32), remember: true })).resolves.toEqual(session);
    expect(seen[0]?.body).toEqual({ email: "ada@example.com", captcha: "123456", nonce: "n".repeat(32), remember: true });
  });

  it("findPassword posts email, code, nonce and the new password", async () => {
    answer("post", "/v1/find/password");
    await expect(findPassword(ctx, { email: "ada@example.com", code: "123456", nonce: "n".repeat(32), password: "new-pass1" })).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ path: "/v1/find/password", body: { email: "ada@example.com", captcha: "123456", nonce: "n".repeat(32), password: "new-pass1" } });
  });

  it("checkFindPasswordCode posts email, code as `captcha` and nonce, and answers the seconds the code stays valid", async () => {
    answer("post", "/v1/find/password/check", { expiresIn: 540 });
    await expect(checkFindPasswordCode(ctx, { email: "ada@example.com", code: "123456", nonce: "n".repeat(32) })).resolves.toEqual({ expiresIn: 540 });
    expect(seen[0]).toMatchObject({ path: "/v1/find/password/check", body: { email: "ada@example.com", captcha: "123456", nonce: "n".repeat(32) } });
  });

  it("verifyEnterpriseAccount, then enterpriseLogin, which says whether the password is the default one", async () => {
    answer("post", "/v1/enterprise/verify/account", { account: "ACME", name: "Acme Lasers" });
    answer("post", "/v1/enterprise/login", { ...session, defaultPassword: true });
    await expect(verifyEnterpriseAccount(ctx, { account: "ACME" })).resolves.toEqual({ account: "ACME", name: "Acme Lasers" });
    await expect(enterpriseLogin(ctx, { account: "ACME", email: "boss@acme.test", password: "x", remember: true })).resolves.toEqual({
      ...session,
      defaultPassword: true,
    });
    expect(seen.map((s) => s.body)).toEqual([{ account: "ACME" }, { account: "ACME", email: "boss@acme.test", password: "x", remember: true }]);
  });

  it("changeEnterprisePassword patches with the session token; a wrong current password is 20206", async () => {
    answer("patch", "/v1/enterprise/password");
    await changeEnterprisePassword(ctx, { oldPassword: "old-pass", newPassword: "New-pass1", signOutOthers: false });
    expect(seen[0]).toEqual({ method: "PATCH", path: "/v1/enterprise/password", body: { oldPassword: "old-pass", newPassword: "New-pass1", signOutOthers: false }, token: "session-token" });

    server.use(http.patch(`${BASE}/v1/enterprise/password`, () => HttpResponse.json({ code: 20206 }, { status: 400 })));
    await expect(changeEnterprisePassword(ctx, { oldPassword: "bad", newPassword: "New-pass1", signOutOthers: true })).rejects.toMatchObject({ code: 20206 });
  });
});
