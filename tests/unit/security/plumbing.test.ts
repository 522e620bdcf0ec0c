/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod";
import type { AppHeaders } from "@/lib/contract/headers";
import { UpstreamError } from "@/lib/upstream/errors";
import { upstreamFetch, type UpstreamRequest } from "@/lib/upstream/fetcher";
import { clientAddress, publicOrigin } from "@/lib/session/public-origin";
import { pageHeadersByRequest } from "@/lib/security/headers";
import { resetPortalConfig, type PortalConfig } from "@/lib/config";
import { deviceCookieOptions, isDeviceId, newDeviceId } from "@/lib/session/cookie";
import { validateToken } from "@/lib/session/validate-token";
import { routeRule } from "@/lib/session/routes";
import { decideGuard } from "@/lib/session/guard";

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
    resetPortalConfig();
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

const config = (over: Partial<PortalConfig> = {}): PortalConfig => ({
  port: 3000,
  publicOrigin: null,
  trustProxyHops: 0,
  upstream: { passport: null, user: null, message: null },
  portalServicesKey: null,
  cookieDomain: null,
  cookieHttpOnly: true,
  allowedRedirectHosts: [],
  embedAllowedOrigins: [],
  webauthnRelatedOrigins: [],
  imageHosts: [],
  objectStoreOrigin: null,
  sessionSecret: null,
  captchaProvider: "altcha",
  region: null,
  extraConnectSources: [],
  extraMediaSources: [],
  extraFormActions: [],
  xcsApiUrl: null,
  analytics: { url: null, webAnalyticsId: null },
  socialProviders: [],
  passportApiPublicUrl: null,
  socialBindSessionToken: false,
  cookieSync: { mode: "off", sites: [] },
  nativeBridgeOrigin: "http://127.0.0.1:9527",
  consoleBasePath: "console",
  ...over,
});

describe("the client address", () => {
  it("is the socket's address the server recorded; a client's own X-Forwarded-For is not believed", () => {
    const headers = new Headers({ "x-passport-peer": "198.51.100.4", "x-forwarded-for": "203.0.113.9" });
    expect(clientAddress(headers, config())).toBe("198.51.100.4");
    expect(clientAddress(new Headers({ "x-passport-peer": "::ffff:127.0.0.1" }), config())).toBe("::ffff:127.0.0.1");
  });

  it("behind TRUST_PROXY=n is the n-th X-Forwarded-For entry from the right", () => {
    const headers = new Headers({ "x-passport-peer": "10.0.0.1", "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2" });
    expect(clientAddress(headers, config({ trustProxyHops: 1 }))).toBe("10.0.0.2");
    expect(clientAddress(headers, config({ trustProxyHops: 2 }))).toBe("198.51.100.4");
  });

  it("is none when nothing names an address", () => {
    expect(clientAddress(new Headers(), config())).toBeUndefined();
    expect(clientAddress(new Headers({ "x-passport-peer": "evil.example" }), config())).toBeUndefined();
  });
});

describe("the portal's public origin", () => {
  it("is PUBLIC_ORIGIN when set, whatever the Host header says", () => {
    const headers = new Headers({ host: "evil.example" });
    expect(publicOrigin(headers, config({ publicOrigin: "https://passport.example.com" })).href).toBe("https://passport.example.com/");
  });

  it("for local use follows a loopback Host only; a spoofed Host falls back to localhost", () => {
    expect(publicOrigin(new Headers({ host: "127.0.0.1:3100" }), config()).origin).toBe("http://127.0.0.1:3100");
    expect(publicOrigin(new Headers({ host: "evil.example" }), config()).origin).toBe("http://localhost:3000");
    expect(publicOrigin(new Headers({ host: "evil.example", "x-forwarded-host": "evil.example" }), config()).origin).toBe("http://localhost:3000");
  });

  it("believes X-Forwarded-Host and -Proto only behind TRUST_PROXY", () => {
    const headers = new Headers({ host: "10.0.0.5:3000", "x-forwarded-host": "passport.example.com", "x-forwarded-proto": "https" });
    expect(publicOrigin(headers, config({ trustProxyHops: 1 })).origin).toBe("https://passport.example.com");
  });
});

describe("the page security headers of a request", () => {
  it("are the http set without a public https origin, the https set (with HSTS) with one", () => {
    const plain = pageHeadersByRequest(config())({ host: "localhost:3000" });
    expect(plain["Content-Security-Policy"]).toContain("frame-ancestors 'self'");
    expect(plain["X-Frame-Options"]).toBe("SAMEORIGIN");
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    const secure = pageHeadersByRequest(config({ publicOrigin: "https://passport.example.com" }))({ host: "localhost:3000" });
    expect(secure["Strict-Transport-Security"]).toMatch(/max-age=/);
  });

  it("take a forwarded https only from a trusted proxy", () => {
    const forwarded = { host: "passport.example.com", "x-forwarded-proto": "https", "x-forwarded-host": "passport.example.com" };
    expect(pageHeadersByRequest(config())(forwarded)["Strict-Transport-Security"]).toBeUndefined();
    expect(pageHeadersByRequest(config({ trustProxyHops: 1 }))(forwarded)["Strict-Transport-Security"]).toMatch(/max-age=/);
  });

  it("let an allowlisted host frame the pages", () => {
    const framed = pageHeadersByRequest(config({ embedAllowedOrigins: ["https://host.example"] }))({});
    expect(framed["Content-Security-Policy"]).toContain("frame-ancestors 'self' https://host.example");
    expect(framed["X-Frame-Options"]).toBeUndefined();
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

describe("token validation", () => {
  it("asks the services every time and names the account", async () => {
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
    expect(await validateToken(token, "en", app)).toEqual({ status: "valid", enterprise: false, uid: "u1" });
    valid = false;
    expect(await validateToken(token, "en", app)).toEqual({ status: "invalid", code: 20101 });
    expect(calls).toBe(2);
  });

  it("keeps the token (1002) when the services could not answer, e.g. while their database restarts", async () => {
    let status = 503;
    server.use(http.get(`${BASE}/v1/user/basic`, () => HttpResponse.json({ code: status === 503 ? 10007 : 10000 }, { status })));
    const token = `tok-${Date.now()}-outage`;
    const during = await validateToken(token, "en", app);
    expect(during).toEqual({ status: "invalid", code: 1002 });
    expect(decideGuard({ lang: "en", rule: { kind: "protected", business: false }, token: during, currentUrl: "http://portal.test/en/profile", safeR: null, launch: new URLSearchParams() })).toMatchObject({ clearToken: false });
    status = 500;
    expect(await validateToken(token, "en", app)).toEqual({ status: "invalid", code: 1002 });
  });
});

describe("the account-security routes", () => {
  it("need a login: the consumer page for consumers, the business page for enterprise users", () => {
    expect(routeRule("profile/security")).toEqual({ kind: "protected", business: false });
    expect(routeRule("profile-business/security")).toEqual({ kind: "protected", business: true });
  });
});
