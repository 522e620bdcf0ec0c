/** @jest-environment node */
import { NextRequest } from "next/server";
import { GET as chain } from "@/app/api/cookie-sync/route";
import { GET as visit } from "@/app/api/cookie-sync/visit/route";
import { resetPortalConfig } from "@/lib/config";
import { cookieSyncChain } from "@/lib/session/cookie-sync";

/**
 * The portal's half of third-party-cookie mode (SPEC §4): the addresses a browser is sent through
 * after a sign-in are built on the server from the HttpOnly cookie, only for the portal's own
 * pages, and they end where the sign-in was going, never on another site.
 */
const PORTAL = "http://127.0.0.1:3000";
const TOKEN = "session-token-0123456789abcdef";
const SITES = "https://passport.atomm.test=.atomm.test, https://passport.xtool.test=xtool.test";
const saved = { ...process.env };

function configure(env: Record<string, string>): void {
  Object.assign(process.env, env);
  resetPortalConfig();
}

afterEach(() => {
  for (const key of ["COOKIE_SYNC_MODE", "COOKIE_SYNC_SITES", "ALLOWED_REDIRECT_HOSTS"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetPortalConfig();
});

function request(path: string, headers: Record<string, string> = { "sec-fetch-site": "same-origin" }, token: string | null = TOKEN): NextRequest {
  return new NextRequest(`${PORTAL}${path}`, { headers: { host: "127.0.0.1:3000", ...headers, ...(token ? { cookie: `utoken=${token}` } : {}) } });
}

test("a chain goes through every site's add-cookies and ends at the target", () => {
  const first = new URL(cookieSyncChain([{ origin: "https://a.test", domain: "a.test" }, { origin: "https://b.test", domain: "b.test" }], TOKEN, `${PORTAL}/en/profile/settings`));
  expect(`${first.origin}${first.pathname}`).toBe("https://a.test/v1/cookie/add-cookies");
  expect(Object.fromEntries(first.searchParams)).toMatchObject({ utoken: TOKEN, domain: "a.test" });
  const second = new URL(first.searchParams.get("target") ?? "");
  expect(`${second.origin}${second.pathname}`).toBe("https://b.test/v1/cookie/add-cookies");
  expect(second.searchParams.get("target")).toBe(`${PORTAL}/en/profile/settings`);
});

describe("GET /api/cookie-sync (redirect mode)", () => {
  beforeEach(() => configure({ COOKIE_SYNC_MODE: "redirect", COOKIE_SYNC_SITES: SITES }));

  test("sends the signed-in browser through the siblings, with no Referer and nothing cached", async () => {
    const response = chain(request("/api/cookie-sync?to=%2Fzh%2Fprofile%2Fsettings%3Fp%3Datomm"));
    expect(response.status).toBe(303);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const hop = new URL(response.headers.get("location") ?? "");
    expect(hop.origin).toBe("https://passport.atomm.test");
    expect(hop.searchParams.get("domain")).toBe("atomm.test");
    expect(hop.searchParams.get("utoken")).toBe(TOKEN);
    const last = new URL(new URL(hop.searchParams.get("target") ?? "").searchParams.get("target") ?? "");
    expect(last.href).toBe(`${PORTAL}/zh/profile/settings?p=atomm`);
  });

  test("a navigation from another site, or without a session, goes straight on without a token", async () => {
    for (const response of [
      chain(request("/api/cookie-sync?to=%2Fen%2Fprofile%2Fsettings", { "sec-fetch-site": "cross-site" })),
      chain(request("/api/cookie-sync?to=%2Fen%2Fprofile%2Fsettings", { "sec-fetch-site": "same-origin" }, null)),
      chain(request("/api/cookie-sync?to=%2Fen%2Fprofile%2Fsettings", { "sec-fetch-site": "same-origin" }, "123456")),
    ]) {
      expect(response.headers.get("location")).toBe(`${PORTAL}/en/profile/settings`);
    }
  });

  test("never ends on another site: a foreign or odd `to` goes to the portal", async () => {
    for (const to of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""]) {
      const location = chain(request(`/api/cookie-sync?to=${encodeURIComponent(to)}`, { "sec-fetch-site": "cross-site" })).headers.get("location");
      expect(new URL(location ?? "").origin).toBe(PORTAL);
    }
    configure({ ALLOWED_REDIRECT_HOSTS: "app.example.com" });
    const allowed = chain(request(`/api/cookie-sync?to=${encodeURIComponent("https://app.example.com/done")}`, { "sec-fetch-site": "cross-site" }));
    expect(allowed.headers.get("location")).toBe("https://app.example.com/done");
  });

  test("with the mode off nothing is synced", async () => {
    configure({ COOKIE_SYNC_MODE: "off" });
    expect(chain(request("/api/cookie-sync?to=%2Fen%2Flogin")).headers.get("location")).toBe(`${PORTAL}/en/login`);
  });
});

describe("GET /api/cookie-sync/visit (visit mode)", () => {
  beforeEach(() => configure({ COOKIE_SYNC_MODE: "visit", COOKIE_SYNC_SITES: SITES }));

  test("redirects the page's visit to one sibling's set-cookies with the session's token", async () => {
    const response = visit(request("/api/cookie-sync/visit?site=1"));
    expect(response.status).toBe(302);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const target = new URL(response.headers.get("location") ?? "");
    expect(`${target.origin}${target.pathname}`).toBe("https://passport.xtool.test/v1/cookie/set-cookies");
    expect(Object.fromEntries(target.searchParams)).toEqual({ utoken: TOKEN, domain: "xtool.test" });
  });

  test("refuses another site, an unknown site number and a visitor without a session", async () => {
    expect(visit(request("/api/cookie-sync/visit?site=0", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(visit(request("/api/cookie-sync/visit?site=2")).status).toBe(400);
    expect(visit(request("/api/cookie-sync/visit?site=x")).status).toBe(400);
    expect(visit(request("/api/cookie-sync/visit?site=0", undefined, null)).status).toBe(401);
    configure({ COOKIE_SYNC_MODE: "redirect" });
    expect(visit(request("/api/cookie-sync/visit?site=0")).status).toBe(400);
  });
});

test("a bad COOKIE_SYNC_SITES or COOKIE_SYNC_MODE stops the start with the variable's name", async () => {
  const { portalConfig } = await import("@/lib/config");
  configure({ COOKIE_SYNC_SITES: "https://passport.atomm.test" });
  expect(() => portalConfig()).toThrow(/^COOKIE_SYNC_SITES: expected entries origin=domain/);
  configure({ COOKIE_SYNC_SITES: "ftp://x.test=x.test" });
  expect(() => portalConfig()).toThrow(/^COOKIE_SYNC_SITES/);
  configure({ COOKIE_SYNC_SITES: SITES, COOKIE_SYNC_MODE: "sometimes" });
  expect(() => portalConfig()).toThrow(/^COOKIE_SYNC_MODE: expected off, visit or redirect/);
  configure({ COOKIE_SYNC_MODE: "" });
  expect(portalConfig().cookieSync).toEqual({
    mode: "redirect",
    sites: [
      { origin: "https://passport.atomm.test", domain: "atomm.test" },
      { origin: "https://passport.xtool.test", domain: "xtool.test" },
    ],
  });
});
