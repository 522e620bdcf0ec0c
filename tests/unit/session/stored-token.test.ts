/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { sealCheck } from "@/lib/session/check";
import { checkStoredToken } from "@/lib/session/stored-token";

/**
 * What the proxy knows of a stored session: a sealed check written by the sign-in itself (or by
 * an earlier navigation) answers without asking the passport API; anything else asks it.
 */
const BASE = "http://passport.test";
const SECRET = "a-session-secret-of-at-least-32-characters!";
const TOKEN = "t".repeat(40);
const UID = "6f1c1c3e-8d6b-4b8e-9a39-2d3c3f1f0a11";
const app = { code: "passport", system: "web-pc", appVersion: "", origin: "passport" };
const settings = { kind: "protected" as const, business: false };

let asked = 0;
const server = setupServer(
  http.get(`${BASE}/v1/user/basic`, ({ request }) => {
    asked += 1;
    return request.headers.get("utoken") === TOKEN
      ? HttpResponse.json({ code: 0, data: { uid: UID, email: "ada@example.com", nickname: null, headpic: null, enterpriseUser: null } })
      : HttpResponse.json({ code: 20101, data: null });
  }),
);
const savedUrl = process.env.PASSPORT_API_URL;
beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  asked = 0;
});
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

const input = (checkCookie: string | undefined, stored = TOKEN) => ({ stored, rule: settings, checkCookie, secret: SECRET, lang: "en" as const, app });

describe("the stored session, as the proxy sees it", () => {
  it("a fresh check sealed by the sign-in answers without asking upstream", async () => {
    const sealed = await sealCheck(TOKEN, { uid: UID, enterprise: false }, SECRET);
    expect(await checkStoredToken(input(sealed))).toEqual({ token: { status: "valid", enterprise: false }, uid: UID, sealed: null });
    expect(asked).toBe(0);
  });

  it("without a check (or with one for another token) asks upstream and seals the answer", async () => {
    const other = await sealCheck("o".repeat(40), { uid: UID, enterprise: true }, SECRET);
    const state = await checkStoredToken(input(other));
    expect(state).toMatchObject({ token: { status: "valid", enterprise: false }, uid: UID });
    expect(state.sealed).toEqual(expect.any(String));
    expect(asked).toBe(1);
  });

  it("an ended session is invalid, and nothing is sealed", async () => {
    const state = await checkStoredToken(input(undefined, "x".repeat(40)));
    expect(state).toEqual({ token: { status: "invalid", code: 20101 }, uid: null, sealed: null });
  });

  it("a sign-in page always asks afresh", async () => {
    const sealed = await sealCheck(TOKEN, { uid: UID, enterprise: false }, SECRET);
    await checkStoredToken({ ...input(sealed), rule: { kind: "login", business: false } });
    expect(asked).toBe(1);
  });
});
