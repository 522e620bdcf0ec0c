/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod";
import type { AppHeaders } from "@/lib/contract/headers";
import { UpstreamError } from "@/lib/upstream/errors";
import { upstreamFetch, type UpstreamRequest } from "@/lib/upstream/fetcher";
import { clientIpFrom } from "@/lib/session/client-ip";
import { deviceCookieOptions, isDeviceId, newDeviceId } from "@/lib/session/cookie";
import { validateToken } from "@/lib/session/validate-token";
import { routeRule } from "@/lib/session/routes";

const BASE = "http://passport.test";
const app: AppHeaders = { code: "passport", system: "web-pc", appVersion: "", origin: "passport" };
const ok = z.object({ hello: z.string() });
const server = setupServer();
const saved = { url: process.env.PASSPORT_API_URL, key: process.env.PORTAL_SERVICES_KEY };

function call(overrides: Partial<UpstreamRequest<{ hello: string }>> = {}) {
  return upstreamFetch({ service: "passport", method: "GET", path: "/v1/hello", lang: "en", app, schema: ok, ...overrides });
}

function seenHeaders(): () => Headers | undefined {
  let seen: Headers | undefined;
  server.use(
    http.get(`${BASE}/v1/hello`, ({ request }) => {
      seen = request.headers;
      return HttpResponse.json({ code: 0, data: { hello: "world" } });
    }),
  );
  return () => seen;
}

beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
afterEach(() => {
  server.resetHandlers();
  // assigning undefined to process.env would store the string "undefined"
  if (saved.key === undefined) delete process.env.PORTAL_SERVICES_KEY;
  else process.env.PORTAL_SERVICES_KEY = saved.key;
});
afterAll(() => {
  server.close();
  if (saved.url === undefined) delete process.env.PASSPORT_API_URL;
  else process.env.PASSPORT_API_URL = saved.url;
});

describe("what the portal tells the services about the browser", () => {
  it("sends the device id, and the portal key with the client's address", async () => {
    process.env.PORTAL_SERVICES_KEY = "portal-key-for-tests";
    const seen = seenHeaders();
    await call({ client: { ip: "203.0.113.7", userAgent: "UA", deviceId: "d".repeat(43) } });
    expect(seen()?.get("x-device-id")).toBe("d".repeat(43));
    expect(seen()?.get("x-client-ip")).toBe("203.0.113.7");
    expect(seen()?.get("x-portal-key")).toBe("portal-key-for-tests");
  });

  it("sends no portal key without an address to vouch for, nor when none is configured", async () => {
    process.env.PORTAL_SERVICES_KEY = "portal-key-for-tests";
    let seen = seenHeaders();
    await call({ client: { deviceId: "d".repeat(43) } });
    expect(seen()?.has("x-portal-key")).toBe(false);

    delete process.env.PORTAL_SERVICES_KEY;
    seen = seenHeaders();
    await call({ client: { ip: "203.0.113.7" } });
    expect(seen()?.get("x-client-ip")).toBe("203.0.113.7");
    expect(seen()?.has("x-portal-key")).toBe(false);
    expect(seen()?.has("x-device-id")).toBe(false);
  });

  it("keeps the challenge of a new-device sign-in (20109), and only a well-formed one", async () => {
    const challenge = "A1b2_c3-".repeat(5);
    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ code: 20109, data: { challenge } }, { status: 403 })));
    const error = await call().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: 20109, challenge });

    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ code: 20109, data: { challenge: "<script>" } }, { status: 403 })));
    const odd = await call().catch((reason: unknown) => reason);
    expect(odd).toMatchObject({ code: 20109 });
    expect((odd as UpstreamError).challenge).toBeUndefined();

    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ code: 20205, data: { challenge } }, { status: 401 })));
    expect(((await call().catch((reason: unknown) => reason)) as UpstreamError).challenge).toBeUndefined();
  });
});

describe("the client address", () => {
  it("is the first X-Forwarded-For entry", () => {
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "198.51.100.4, 10.0.0.1" }))).toBe("198.51.100.4");
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("::ffff:127.0.0.1");
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "2001:db8::1" }))).toBe("2001:db8::1");
  });

  it("is none when the header is missing or not an address", () => {
    expect(clientIpFrom(new Headers())).toBeUndefined();
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "evil.example, 1.2.3.4" }))).toBeUndefined();
  });
});

describe("the device cookie", () => {
  it("holds a fresh random id per browser", () => {
    const a = newDeviceId();
    const b = newDeviceId();
    expect(isDeviceId(a)).toBe(true);
    expect(a).toHaveLength(43);
    expect(a).not.toBe(b);
    expect(isDeviceId("short")).toBe(false);
    expect(isDeviceId("x".repeat(40) + "!")).toBe(false);
  });

  it("is HttpOnly, lives a year and follows utoken's Secure rule", () => {
    expect(deviceCookieOptions({ protocol: "https:", hostname: "passport.example.com" })).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: "none",
      path: "/",
      maxAge: 60 * 60 * 24 * 365,
    });
    expect(deviceCookieOptions({ protocol: "http:", hostname: "localhost" })).toMatchObject({ secure: true });
    expect(deviceCookieOptions({ protocol: "http:", hostname: "192.168.1.20" })).toMatchObject({ secure: false, sameSite: "lax" });
  });
});

describe("token validation on the login pages", () => {
  it("asks the services again instead of trusting a cached answer", async () => {
    let calls = 0;
    let valid = true;
    server.use(
      http.get(`${BASE}/v1/user/basic`, () => {
        calls += 1;
        return valid
          ? HttpResponse.json({ code: 0, data: { uid: "u1", email: "a@b.c", nickname: null, headpic: null, enterpriseUser: null } })
          : HttpResponse.json({ code: 20101 }, { status: 401 });
      }),
    );
    const token = `tok-${Date.now()}-fresh-check`;
    expect(await validateToken(token, "en", app)).toEqual({ status: "valid", enterprise: false });
    valid = false;
    expect(await validateToken(token, "en", app)).toEqual({ status: "valid", enterprise: false });
    expect(calls).toBe(1);
    expect(await validateToken(token, "en", app, { fresh: true })).toEqual({ status: "invalid", code: 20101 });
    expect(calls).toBe(2);
  });
});

describe("the account-security routes", () => {
  it("need a login: the consumer page for consumers, the business page for enterprise users", () => {
    expect(routeRule("profile/security")).toEqual({ kind: "protected", business: false });
    expect(routeRule("profile-business/security")).toEqual({ kind: "protected", business: true });
  });
});
