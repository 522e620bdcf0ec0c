/** @jest-environment node */
import { NextRequest } from "next/server";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { GET as countRoute } from "@/app/api/messages/count/route";
import { GET as listRoute } from "@/app/api/messages/route";
import { GET as configRoute } from "@/app/api/analytics/config/route";
import { portalConfig, resetPortalConfig } from "@/lib/config";
import { jar } from "../support/next-headers";

/** The message centre's /api routes and the analytics configuration, as a browser calls them. */
jest.mock("next/headers", () => jest.requireActual<typeof import("../support/next-headers")>("../support/next-headers").nextHeaders);

const PORTAL = "http://portal.test";
const BASE = "http://messages.test";
const sameOrigin = { "sec-fetch-site": "same-origin", host: "portal.test" };
const server = setupServer();
const upstream: { path: string; query: string; token: string | null; app: string | null }[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  process.env.MESSAGE_API_URL = BASE;
  jar.clear();
  jar.set("utoken", "session-token-1");
  upstream.length = 0;
  server.use(
    http.get(`${BASE}/message/v1/web/*`, ({ request }) => {
      const url = new URL(request.url);
      upstream.push({ path: url.pathname, query: url.search, token: request.headers.get("utoken"), app: request.headers.get("x-app-code") });
      if (url.pathname.endsWith("/count")) return HttpResponse.json({ code: 0, data: { total: 1, device: 1, system: 0, app: 0, activity: 0 } });
      return HttpResponse.json({ code: 0, data: { list: [], total: 0, page: 1, pageSize: 20 } });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  delete process.env.MESSAGE_API_URL;
  delete process.env.ANALYTICS_URL;
  delete process.env.WEB_ANALYTICS_ID;
});
afterAll(() => server.close());

function get(path: string, headers: Record<string, string> = sameOrigin): NextRequest {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return new NextRequest(`${PORTAL}${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

test("the counts and a page of a tab, for the app p, with the session", async () => {
  expect(await (await countRoute(get("/api/messages/count?lang=zh&p=atomm"))).json()).toEqual({ ok: true, data: { total: 1, device: 1, system: 0, app: 0, activity: 0 } });
  const page = await listRoute(get("/api/messages?lang=en&p=atomm&category=system&page=1&pageSize=20&sort=asc"));
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toBe("no-store, no-transform");
  expect(upstream).toEqual([
    { path: "/message/v1/web/count", query: "?appCode=atomm", token: "session-token-1", app: "atomm" },
    { path: "/message/v1/web/list", query: "?category=system&page=1&pageSize=20&sort=asc&appCode=atomm", token: "session-token-1", app: "atomm" },
  ]);
});

test("bad parameters, other sites and no session are refused without asking the service", async () => {
  for (const query of ["category=news", "category=app&pageSize=11", "category=app&page=-1", "category=app&sort=random"]) {
    const refused = await listRoute(get(`/api/messages?lang=en&${query}`));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ ok: false, error: { code: 10001 } });
  }
  expect((await countRoute(get("/api/messages/count?lang=en", { host: "portal.test", "sec-fetch-site": "cross-site" }))).status).toBe(403);
  jar.clear();
  const expired = await countRoute(get("/api/messages/count?lang=zh&p=atomm"));
  expect(expired.status).toBe(401);
  expect(await expired.json()).toEqual({ ok: false, error: { code: 20101, redirect: "/zh/login?p=atomm" } });
  expect(upstream).toEqual([]);
});

test("the analytics configuration is read at run time", async () => {
  const read = async () => ((await (await configRoute(get("/api/analytics/config"))).json()) as { data: unknown }).data;
  expect(await read()).toEqual({ url: "/v1/analytics/events", webAnalyticsId: null });
  process.env.ANALYTICS_URL = "https://collect.example.com/e";
  process.env.WEB_ANALYTICS_ID = "G-ABC1234";
  resetPortalConfig();
  expect(await read()).toEqual({ url: "https://collect.example.com/e", webAnalyticsId: "G-ABC1234" });
  process.env.ANALYTICS_URL = "off";
  resetPortalConfig();
  expect(await read()).toEqual({ url: null, webAnalyticsId: "G-ABC1234" });
  // a bad value stops the start (instrumentation parses the configuration), naming the variable
  for (const bad of ["javascript:alert(1)", "//evil.test/e", "ftp://x.test/e"]) {
    process.env.ANALYTICS_URL = bad;
    resetPortalConfig();
    expect(() => portalConfig()).toThrow(/^ANALYTICS_URL: /);
  }
  process.env.ANALYTICS_URL = "/v1/analytics/events";
  process.env.WEB_ANALYTICS_ID = "UA-123";
  resetPortalConfig();
  expect(() => portalConfig()).toThrow(/^WEB_ANALYTICS_ID: /);
});

test("a small answer asks not to be transformed, so the server does not gzip it; a page of messages over 1 KiB may be", async () => {
  const count = await countRoute(get("/api/messages/count?lang=en&p=atomm"));
  expect(count.headers.get("cache-control")).toBe("no-store, no-transform");
  expect((await count.arrayBuffer()).byteLength).toBeLessThan(1024);

  const message = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    appCode: "atomm",
    category: "system",
    name: `Firmware update ${n}`,
    contentLang: { en: { name: `Firmware update ${n}`, content: "A new firmware is ready for your laser. ".repeat(3) }, zh: { name: `固件更新 ${n}`, content: "您的激光设备有新固件可用。".repeat(3) } },
    read: false,
    createdAt: "2026-11-30T08:00:00.000Z",
  });
  server.use(http.get(`${BASE}/message/v1/web/list`, () => HttpResponse.json({ code: 0, data: { list: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(message), total: 10, page: 1, pageSize: 10 } })));
  const page = await listRoute(get("/api/messages?lang=en&p=atomm&category=system&page=1&pageSize=10"));
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toBe("no-store");
  expect((await page.arrayBuffer()).byteLength).toBeGreaterThan(1024);
});
