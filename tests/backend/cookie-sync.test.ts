import { servicesApp } from "@/lib/backend/http/app";
import { OPEN_TIMEOUT, registerUser, startBackend, stopBackend } from "./support/harness";

/**
 * Third-party-cookie mode (SPEC §4, §7): GET /v1/cookie/set-cookies and /v1/cookie/add-cookies as
 * a browser reaches them on a sibling site. Only configured domains covering the site, only a live
 * token, only allowlisted targets, never over another account, and nothing passed on in a Referer.
 */
beforeAll(async () => {
  await startBackend({
    COOKIE_SYNC_DOMAINS: ".sibling.test, other.test",
    COOKIE_SYNC_TARGETS: "portal.test,*.sibling.test,127.0.0.1:3000",
  });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

type Visit = { status: number; location: string | null; setCookie: string | null; referrerPolicy: string | null; code?: number; message?: string };

async function visit(url: string, cookie?: string): Promise<Visit> {
  const headers = new Headers(cookie ? { cookie } : {});
  const response = await servicesApp().fetch(new Request(url, { headers, redirect: "manual" }));
  const body = response.headers.get("content-type")?.includes("json") ? ((await response.json()) as { code: number; message?: string }) : null;
  return {
    status: response.status,
    location: response.headers.get("location"),
    setCookie: response.headers.get("set-cookie"),
    referrerPolicy: response.headers.get("referrer-policy"),
    ...(body ? { code: body.code, message: body.message } : {}),
  };
}

function setCookies(base: string, token: string, domain: string): string {
  return `${base}/v1/cookie/set-cookies?${new URLSearchParams({ utoken: token, domain })}`;
}

function addCookies(base: string, token: string, domain: string, target: string): string {
  return `${base}/v1/cookie/add-cookies?${new URLSearchParams({ utoken: token, domain, target })}`;
}

let alice: string;
let bob: string;
beforeAll(async () => {
  alice = (await registerUser("alice@cookie.test")).utoken;
  bob = (await registerUser("bob@cookie.test")).utoken;
});

describe("set-cookies", () => {
  test("sets utoken for a year on a configured domain that covers the site, and passes nothing on", async () => {
    const answer = await visit(setCookies("https://www.sibling.test", alice, ".sibling.test"));
    expect(answer).toMatchObject({ status: 200, code: 0, referrerPolicy: "no-referrer" });
    expect(answer.setCookie).toContain(`utoken=${alice}`);
    expect(answer.setCookie).toMatch(/Domain=sibling\.test/i);
    expect(answer.setCookie).toMatch(/Max-Age=31536000/);
    expect(answer.setCookie).toMatch(/HttpOnly/);
    expect(answer.setCookie).toMatch(/Secure/);
    expect(answer.setCookie).toMatch(/SameSite=None/);
  });

  test("over plain http to a LAN name the cookie is Lax without Secure (a Secure one would be dropped)", async () => {
    const answer = await visit(setCookies("http://sibling.test", alice, "sibling.test"));
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/SameSite=Lax/);
    expect(answer.setCookie).not.toMatch(/Secure/);
  });

  test("a domain that is not configured, or does not cover the site answering, is refused with 20401 and sets nothing", async () => {
    for (const url of [
      setCookies("https://sibling.test", alice, "evil.test"),
      setCookies("https://sibling.test", alice, "test"),
      setCookies("https://other.test", alice, "sibling.test"),
      setCookies("https://notsibling.test", alice, "sibling.test"),
      setCookies("https://sibling.test", alice, "sibling.test; Path=/x"),
    ]) {
      const answer = await visit(url);
      expect(answer).toMatchObject({ status: 400, code: 20401, setCookie: null });
    }
  });

  test("an unknown, ended or malformed token is refused and sets nothing", async () => {
    expect(await visit(setCookies("https://sibling.test", "x".repeat(40), "sibling.test"))).toMatchObject({ status: 401, code: 20101, setCookie: null });
    expect(await visit(setCookies("https://sibling.test", "short", "sibling.test"))).toMatchObject({ status: 400, code: 10001, setCookie: null });
    expect(await visit("https://sibling.test/v1/cookie/set-cookies?domain=sibling.test")).toMatchObject({ status: 400, code: 10001, setCookie: null });
  });

  test("never replaces the sign-in of another account the browser holds there (login CSRF), but renews its own", async () => {
    expect(await visit(setCookies("https://sibling.test", bob, "sibling.test"), `utoken=${alice}`)).toMatchObject({ status: 409, code: 20403, setCookie: null });
    const same = await visit(setCookies("https://sibling.test", alice, "sibling.test"), `utoken=${alice}`);
    expect(same.setCookie).toContain(`utoken=${alice}`);
    const stale = await visit(setCookies("https://sibling.test", bob, "sibling.test"), `utoken=${"y".repeat(40)}`);
    expect(stale.setCookie).toContain(`utoken=${bob}`);
  });
});

describe("add-cookies", () => {
  test("sets the cookie and redirects to an allowlisted target, without a Referer for it", async () => {
    const answer = await visit(addCookies("https://sibling.test", alice, "sibling.test", "https://portal.test/en/profile/settings?p=atomm"));
    expect(answer).toMatchObject({ status: 302, location: "https://portal.test/en/profile/settings?p=atomm", referrerPolicy: "no-referrer" });
    expect(answer.setCookie).toContain(`utoken=${alice}`);
  });

  test("chains: a target may be the next hop (with its token), and that hop ends on a clean address", async () => {
    const last = "http://127.0.0.1:3000/en/profile/settings";
    const second = addCookies("https://a.sibling.test", alice, "other.test", last);
    const first = await visit(addCookies("https://sibling.test", alice, "sibling.test", second));
    expect(first).toMatchObject({ status: 302, location: second });
    const hop = await visit(addCookies("https://other.test", alice, "other.test", last));
    expect(hop).toMatchObject({ status: 302, location: last });
    expect(hop.setCookie).toMatch(/Domain=other\.test/i);
  });

  test("a foreign target, or one that would keep a token in the address, is refused with 20402: no cookie, no redirect", async () => {
    for (const target of [
      "https://evil.example/",
      "https://portal.test.evil.example/",
      "//portal.test/",
      "javascript:alert(1)",
      "http://portal.test/en/login",
      "https://user:pw@portal.test/",
      "https://portal.test:8443/",
      `https://portal.test/en/login?ut=${alice}`,
      `https://portal.test/en/login?utoken=${alice}`,
      `https://portal.test/somewhere#utoken=${alice}`,
    ]) {
      const answer = await visit(addCookies("https://sibling.test", alice, "sibling.test", target));
      expect({ target, ...answer }).toMatchObject({ target, status: 400, code: 20402, setCookie: null, location: null });
    }
  });

  test("a foreign domain is refused with 20401 even with a good target: no cookie, no redirect", async () => {
    const answer = await visit(addCookies("https://sibling.test", alice, "evil.test", "https://portal.test/"));
    expect(answer).toMatchObject({ status: 400, code: 20401, setCookie: null, location: null, message: "This site may not set the sign-in cookie for that domain." });
  });

  test("over another account's sign-in the hop goes on without touching it", async () => {
    const answer = await visit(addCookies("https://sibling.test", bob, "sibling.test", "https://portal.test/"), `utoken=${alice}`);
    expect(answer).toMatchObject({ status: 302, location: "https://portal.test/", setCookie: null });
  });
});
