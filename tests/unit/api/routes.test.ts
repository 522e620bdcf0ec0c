/** @jest-environment node */
import { NextRequest } from "next/server";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { POST as clientLog } from "@/app/api/client-log/route";
import { GET as challenge } from "@/app/api/verification/challenge/route";

const PORTAL = "http://portal.test";
const BASE = "http://passport.test";
const sameOrigin = { "sec-fetch-site": "same-origin", host: "portal.test" };
const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
let warn: jest.SpyInstance;

beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  warn = jest.spyOn(process.stdout, "write").mockImplementation(() => true);
});
afterEach(() => {
  server.resetHandlers();
  warn.mockRestore();
});
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

function logRequest(body: unknown, headers: Record<string, string> = sameOrigin) {
  return new NextRequest(`${PORTAL}/api/client-log`, { method: "POST", headers, body: JSON.stringify(body) });
}

describe("POST /api/client-log", () => {
  const report = { event: "captcha_script_load_failed", provider: "recaptcha", code: 1002 };

  it("logs one line for a failed verification script", async () => {
    const response = await clientLog(logRequest(report));
    expect(response.status).toBe(200);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(warn.mock.calls[0]?.[0]))).toMatchObject({ level: 40, event: "captcha_script_load_failed", provider: "recaptcha", code: 1002 });
  });

  it("refuses other sites and anything that is not such a report, logging nothing", async () => {
    expect((await clientLog(logRequest(report, { "sec-fetch-site": "cross-site", host: "portal.test" }))).status).toBe(403);
    expect((await clientLog(logRequest({ ...report, email: "ada@example.com" }))).status).toBe(200);
    expect((await clientLog(logRequest({ event: "anything", provider: "altcha", code: 1002 }))).status).toBe(400);
    const tooLong = await clientLog(logRequest("x".repeat(2000)));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ ok: false, error: { code: 10002 } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain("ada@example.com");
  });
});

describe("GET /api/verification/challenge", () => {
  const url = `${PORTAL}/api/verification/challenge?scene=login&email=ada%40example.com&lang=zh&p=atomm`;

  it("proxies the services' challenge for the scene and email", async () => {
    const seen: Array<{ query: Record<string, string>; lang: string | null; app: string | null }> = [];
    server.use(
      http.get(`${BASE}/v1/verify/challenge`, ({ request }) => {
        const upstream = new URL(request.url);
        seen.push({ query: Object.fromEntries(upstream.searchParams), lang: request.headers.get("lang"), app: request.headers.get("x-app-code") });
        return HttpResponse.json({ code: 0, data: { parameters: { algorithm: "SHA-256" }, signature: "s" } });
      }),
    );
    const response = await challenge(new NextRequest(url, { headers: sameOrigin }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ parameters: { algorithm: "SHA-256" }, signature: "s" });
    expect(seen).toEqual([{ query: { scene: "login", email: "ada@example.com" }, lang: "zh", app: "atomm" }]);
  });

  it("refuses other sites and bad parameters without asking the services", async () => {
    expect((await challenge(new NextRequest(url, { headers: { host: "portal.test" } }))).status).toBe(403);
    const bad = await challenge(new NextRequest(`${PORTAL}/api/verification/challenge?scene=nope&email=x`, { headers: sameOrigin }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 10001 });
  });

  it("answers the services' error code when they refuse or cannot be reached", async () => {
    server.use(http.get(`${BASE}/v1/verify/challenge`, () => HttpResponse.json({ code: 10004, data: { retryAfter: 9 } }, { status: 429 })));
    const throttled = await challenge(new NextRequest(url, { headers: sameOrigin }));
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toEqual({ code: 10004 });

    server.use(http.get(`${BASE}/v1/verify/challenge`, () => HttpResponse.error()));
    const down = await challenge(new NextRequest(url, { headers: sameOrigin }));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ code: 1002 });
  });
});
