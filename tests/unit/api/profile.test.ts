/** @jest-environment node */
import { NextRequest } from "next/server";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { GET as profileRoute } from "@/app/api/profile/route";
import { GET as businessRoute } from "@/app/api/profile/business/route";
import { GET as countriesRoute } from "@/app/api/regions/route";
import { businessView, profileView } from "@/lib/profile/view";
import { jar } from "../support/next-headers";

/** GET /api/profile, what the static settings page's browser reads, as a browser calls it. */
jest.mock("next/headers", () => jest.requireActual<typeof import("../support/next-headers")>("../support/next-headers").nextHeaders);

const PORTAL = "http://portal.test";
const BASE = "http://passport.test";
const sameOrigin = { "sec-fetch-site": "same-origin", host: "portal.test" };
const TOKEN = "session-token-0123456789abcdef";
const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
const asked: { path: string; token: string | null; lang: string | null; app: string | null }[] = [];
let fullinfo: () => Response;
let countries: () => Response;

const user = {
  uid: "00000000-0000-4000-8000-00000000000a",
  email: "ada@example.test",
  nickname: "Ada",
  headpic: "/v1/files/avatars/ada.webp",
  enterpriseUser: null,
  introduction: null,
  gender: null,
  birthday: null,
  country: 7,
  region: 70,
  countryRegion: "Germany/Berlin",
  createdAt: "2026-01-05T10:00:00.000Z",
};

beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  jar.clear();
  jar.set("utoken", TOKEN);
  asked.length = 0;
  fullinfo = () => HttpResponse.json({ code: 0, data: user });
  countries = () => HttpResponse.json({ code: 0, data: [{ id: 7, name: "Germany" }] });
  const seen = (request: Request) =>
    asked.push({ path: new URL(request.url).pathname, token: request.headers.get("utoken"), lang: request.headers.get("lang"), app: request.headers.get("x-app-code") });
  server.use(
    http.get(`${BASE}/v1/user/fullinfo`, ({ request }) => (seen(request), fullinfo())),
    http.get(`${BASE}/v1/region/country`, ({ request }) => (seen(request), countries())),
    http.get(`${BASE}/v1/region/country/:id/states`, ({ request }) => (seen(request), HttpResponse.json({ code: 0, data: [{ id: 70, name: "Berlin" }] }))),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

function get(query: string, headers: Record<string, string> = sameOrigin, route = "/api/profile"): NextRequest {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return new NextRequest(`${PORTAL}${route}?${query}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

test("the user, the avatar's address on the portal and the saved country's regions, in the page's language and app, never cached", async () => {
  const response = await profileRoute(get("lang=en&p=atomm"));
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
  const body: unknown = await response.json();
  expect(body).toEqual({ ok: true, data: { user, avatarSrc: "/api/avatar/files/avatars/ada.webp", regions: [{ id: 70, name: "Berlin" }] } });
  // what the browser checks the answer against
  expect(profileView.safeParse((body as { data: unknown }).data).success).toBe(true);
  expect(asked.map((call) => call.path).sort()).toEqual(["/v1/region/country/7/states", "/v1/user/fullinfo"]);
  expect(asked.every((call) => call.token === TOKEN && call.lang === "en" && call.app === "atomm")).toBe(true);

  // the regions are the same for everyone and kept a while: the next view asks for the user only
  asked.length = 0;
  expect((await profileRoute(get("lang=en&p=atomm"))).status).toBe(200);
  expect(asked.map((call) => call.path)).toEqual(["/v1/user/fullinfo"]);
});

test("the country list is its own route, the same for everyone, kept by the browser for an hour", async () => {
  jar.clear();
  const response = await countriesRoute(get("lang=en"));
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, max-age=3600, no-transform");
  expect(await response.json()).toEqual({ ok: true, data: [{ id: 7, name: "Germany" }] });
  countries = () => HttpResponse.json({ code: 10000, message: "down" });
  const failed = await countriesRoute(get("lang=zh"));
  expect(failed.status).toBe(500);
  expect(await failed.json()).toEqual({ ok: false, error: { code: 10000 } });
  expect(failed.headers.get("cache-control")).toBe("no-store, no-transform");
  expect((await countriesRoute(get("lang=en", { host: "portal.test", "sec-fetch-site": "cross-site" }))).status).toBe(403);
});

test("other sites and visitors without a session are refused without asking the services", async () => {
  expect((await profileRoute(get("lang=en", { host: "portal.test", "sec-fetch-site": "cross-site" }))).status).toBe(403);
  jar.clear();
  const anonymous = await profileRoute(get("lang=zh&p=atomm"));
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toEqual({ ok: false, error: { code: 20101, redirect: "/zh/login?p=atomm" } });
  expect(asked).toEqual([]);
});

test("a session ended elsewhere (20101) is cleared and the login page named", async () => {
  fullinfo = () => HttpResponse.json({ code: 20101, message: "expired" });
  const response = await profileRoute(get("lang=en&p=atomm&s=pc"));
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ ok: false, error: { code: 20101, redirect: "/en/login?p=atomm&s=pc" } });
  expect(jar.has("utoken")).toBe(false);
});

describe("GET /api/profile/business, the enterprise account page's data", () => {
  const enterpriseUser = { ...user, country: null, region: null, countryRegion: null, enterpriseUser: { uid: "e-1", account: "acme-ada", name: "Acme", defaultPassword: true } };

  test("the user with the enterprise account, and nothing else asked of the services", async () => {
    fullinfo = () => HttpResponse.json({ code: 0, data: enterpriseUser });
    const response = await businessRoute(get("lang=zh&p=atomm", sameOrigin, "/api/profile/business"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: unknown };
    expect(body).toEqual({ ok: true, data: { user: enterpriseUser } });
    expect(businessView.safeParse(body.data).success).toBe(true);
    expect(asked.map((call) => call.path)).toEqual(["/v1/user/fullinfo"]);
  });

  test("an ended session names the enterprise login page; another site is refused", async () => {
    fullinfo = () => HttpResponse.json({ code: 20101, message: "expired" });
    const ended = await businessRoute(get("lang=en", sameOrigin, "/api/profile/business"));
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({ ok: false, error: { code: 20101, redirect: "/en/login-business" } });
    jar.set("utoken", TOKEN);
    expect((await businessRoute(get("lang=en", { host: "portal.test", "sec-fetch-site": "cross-site" }, "/api/profile/business"))).status).toBe(403);
  });
});
