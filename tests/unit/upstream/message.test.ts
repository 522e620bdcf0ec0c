/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { getAnnouncements, getMessageList, getUnreadCounts, readAllMessages, readMessage, saveMessageSettings } from "@/lib/upstream/message";
import type { UpstreamContext } from "@/lib/upstream/context";

/** The message service client: MESSAGE_API_URL, the contract's paths and headers, answers checked. */
const BASE = "http://messages.test";
const ctx: UpstreamContext = { token: "session-token", lang: "zh", app: { code: "atomm", system: "web-pc", appVersion: "", origin: "atomm" } };
const counts = { total: 3, device: 1, system: 2, app: 0, activity: 0 };
const server = setupServer();
const seen: { path: string; query: string; body: unknown; token: string | null; lang: string | null; appCode: string | null }[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  process.env.MESSAGE_API_URL = BASE;
  seen.length = 0;
  server.use(
    http.all(`${BASE}/message/*`, async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === "GET" ? "" : await request.text();
      seen.push({ path: url.pathname, query: url.search, body: text ? JSON.parse(text) : undefined, token: request.headers.get("utoken"), lang: request.headers.get("lang"), appCode: request.headers.get("x-app-code") });
      if (url.pathname.endsWith("/list")) return HttpResponse.json({ code: 0, data: { list: [], total: 0, page: 2, pageSize: 20 } });
      if (url.pathname.endsWith("/announcements")) return HttpResponse.json({ code: 0, data: { list: [] } });
      if (url.pathname.endsWith("/settings")) return HttpResponse.json({ code: 20601, message: "no" }, { status: 400 });
      return HttpResponse.json({ code: 0, data: counts });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  delete process.env.MESSAGE_API_URL;
});

test("each call goes to the message service with the session and app headers", async () => {
  expect(await getUnreadCounts(ctx, { appCode: "atomm" })).toEqual(counts);
  await getMessageList(ctx, { appCode: "atomm", category: "system", page: 2, pageSize: 20, sort: "asc" });
  await readMessage(ctx, { id: "6f1c1c3e-8d6b-4b8e-9a39-2d3c3f1f0a11" });
  await readAllMessages(ctx, { appCode: "atomm", category: "device" });
  await getAnnouncements({ ...ctx, token: undefined });
  expect(seen.map((s) => [s.path, s.query, s.body])).toEqual([
    ["/message/v1/web/count", "?appCode=atomm", undefined],
    ["/message/v1/web/list", "?appCode=atomm&category=system&page=2&pageSize=20&sort=asc", undefined],
    ["/message/v1/web/read", "", { id: "6f1c1c3e-8d6b-4b8e-9a39-2d3c3f1f0a11" }],
    ["/message/v1/web/read/all", "", { appCode: "atomm", category: "device" }],
    ["/message/v1/web/announcements", "", undefined],
  ]);
  expect(seen.slice(0, 4).every((s) => s.token === "session-token" && s.lang === "zh" && s.appCode === "atomm")).toBe(true);
  expect(seen[4]?.token).toBeNull();
});

test("a refusal keeps its code", async () => {
  await expect(saveMessageSettings(ctx, { appCode: "atomm", settings: [{ category: "system", blocked: true }] })).rejects.toMatchObject({ code: 20601, httpStatus: 400 });
});
