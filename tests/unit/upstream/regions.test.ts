/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { listCountries, listStates } from "@/lib/upstream/profile";
import type { UpstreamContext } from "@/lib/upstream/passport";

/**
 * The region lists are the same for everyone: the portal keeps each a while per language and
 * upstream, never a failed answer, and never more than a bounded number of them.
 */
const BASE = "http://regions.test";
const ctx = (lang: "en" | "zh"): UpstreamContext => ({ lang, app: { code: "passport", system: "web-pc", appVersion: "", origin: "passport" } });
const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
let asked: string[] = [];
let failing = false;

beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  asked = [];
  failing = false;
  server.use(
    http.get(`${BASE}/v1/region/country*`, ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname} ${request.headers.get("lang")}`);
      if (failing) return HttpResponse.json({ code: 10000, message: "down" });
      return HttpResponse.json({ code: 0, data: [{ id: 1, name: request.headers.get("lang") === "zh" ? "德国" : "Germany" }] });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

test("each list is asked once per language while it is kept, and again after ten minutes", async () => {
  const at = Date.parse("2026-11-24T08:00:00Z");
  expect(await listCountries(ctx("en"), at)).toEqual([{ id: 1, name: "Germany" }]);
  expect(await listCountries(ctx("en"), at + 60_000)).toEqual([{ id: 1, name: "Germany" }]);
  expect(await listCountries(ctx("zh"), at)).toEqual([{ id: 1, name: "德国" }]);
  await listStates(ctx("en"), { countryId: 7 }, at);
  await listStates(ctx("en"), { countryId: 7 }, at + 60_000);
  expect(asked).toEqual(["/v1/region/country en", "/v1/region/country zh", "/v1/region/country/7/states en"]);
  await listCountries(ctx("en"), at + 11 * 60_000);
  expect(asked).toHaveLength(4);
});

test("a failed answer is not kept: the next view asks again", async () => {
  failing = true;
  await expect(listStates(ctx("zh"), { countryId: 8 })).rejects.toMatchObject({ code: 10000 });
  failing = false;
  expect(await listStates(ctx("zh"), { countryId: 8 })).toEqual([{ id: 1, name: "德国" }]);
  expect(asked).toEqual(["/v1/region/country/8/states zh", "/v1/region/country/8/states zh"]);
});

test("ever new country ids do not grow the kept lists without end: the oldest goes first", async () => {
  for (let id = 1000; id < 2001; id++) await listStates(ctx("en"), { countryId: id });
  asked = [];
  await listStates(ctx("en"), { countryId: 2000 });
  expect(asked).toEqual([]);
  await listStates(ctx("en"), { countryId: 1000 });
  expect(asked).toEqual(["/v1/region/country/1000/states en"]);
});
