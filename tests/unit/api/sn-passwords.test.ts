/** @jest-environment node */
import { NextRequest } from "next/server";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { GET as snPasswords } from "@/app/api/training/sn-passwords/route";
import { jar } from "../support/next-headers";

/** GET /api/training/sn-passwords: the history table's data, as the training page's browser asks for it. */
jest.mock("next/headers", () => jest.requireActual<typeof import("../support/next-headers")>("../support/next-headers").nextHeaders);

const PORTAL = "http://portal.test";
const BASE = "http://user.test";
const sameOrigin = { "sec-fetch-site": "same-origin", host: "portal.test" };
const TOKEN = "session-token-0123456789abcdef";
const server = setupServer();
const savedUrl = process.env.USER_API_URL;
const asked: { query: Record<string, string>; token: string | null; lang: string | null }[] = [];
const history = { list: [{ id: "a", sn: "XTW1200A2026B0000000001", power: "1200W", issuedAt: "2026-11-26T09:05:00.000Z" }], total: 1, page: 2, pageSize: 20, devicesUsed: 1, devicesLimit: 10 };

beforeAll(() => {
  process.env.USER_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  jar.clear();
  asked.length = 0;
  server.use(
    http.get(`${BASE}/v1/safety/welder/passwords`, ({ request }) => {
      asked.push({ query: Object.fromEntries(new URL(request.url).searchParams), token: request.headers.get("utoken"), lang: request.headers.get("lang") });
      return HttpResponse.json({ code: 0, data: history });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  process.env.USER_API_URL = savedUrl;
});

function get(query: string, headers: Record<string, string> = sameOrigin, token: string | null = TOKEN) {
  return snPasswords(new NextRequest(`${PORTAL}/api/training/sn-passwords?${query}`, { headers: token ? { ...headers, cookie: `utoken=${token}` } : headers }));
}

it("answers the user's page of the history, asked with their session and language", async () => {
  const response = await get("lang=zh&page=2&pageSize=20");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
  expect(await response.json()).toEqual({ ok: true, data: history });
  expect(asked).toEqual([{ query: { page: "2", pageSize: "20" }, token: TOKEN, lang: "zh" }]);
});

it("refuses other sites, bad pages and visitors without a session, without asking the services", async () => {
  expect((await get("lang=en", { host: "portal.test", "sec-fetch-site": "cross-site" })).status).toBe(403);
  const bad = await get("lang=en&pageSize=51");
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ ok: false, error: { code: 10001 } });
  const signedOut = await get("lang=en", sameOrigin, null);
  expect(signedOut.status).toBe(401);
  expect(await signedOut.json()).toMatchObject({ ok: false, error: { code: 20101 } });
  expect(asked).toEqual([]);
});
