import { waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { announce } from "@/lib/analytics/announce";
import { INBOX_KEY, resetCollecting, startCollecting } from "@/lib/analytics/collect";
import { startAnalytics } from "@/lib/analytics/start";

/** Where events go is read at run time; a web analytics service's script loads only when one is configured. */
const server = setupServer();
const posted: string[] = [];
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  posted.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = "";
  delete window.gtag;
  delete window.dataLayer;
  resetCollecting();
  server.use(
    http.post("http://localhost/v1/analytics/events", async ({ request }) => {
      posted.push(await request.text());
      return HttpResponse.json({ code: 0, data: { accepted: 1, rejected: 0 } });
    }),
  );
});
afterEach(() => server.resetHandlers());

function config(data: { url: string | null; webAnalyticsId: string | null }) {
  server.use(http.get("http://localhost/api/analytics/config", () => HttpResponse.json({ ok: true, data })));
}

const thirdPartyScripts = () => Array.from(document.querySelectorAll("script")).filter((s) => s.src && !s.src.startsWith("http://localhost/"));

test("without a web analytics service, events go to the collector and no third-party script loads", async () => {
  config({ url: "/v1/analytics/events", webAnalyticsId: null });
  startCollecting();
  const client = await startAnalytics();
  await waitFor(() => expect(posted.join("")).toContain('"pageView"'), { timeout: 10_000 });
  expect(thirdPartyScripts()).toEqual([]);
  expect(window.gtag).toBeUndefined();
  client?.stop();
});

test("with WEB_ANALYTICS_ID, gtag.js loads and the mirrored events reach it", async () => {
  config({ url: "/v1/analytics/events", webAnalyticsId: "G-TEST1234" });
  startCollecting();
  const client = await startAnalytics();
  expect(thirdPartyScripts().map((s) => s.src)).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST1234"]);
  announce({ event: "register" });
  announce({ event: "redeemNow" });
  const pushed = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
  expect(pushed).toContainEqual(["event", "register", {}]);
  expect(pushed.some((args) => args[1] === "redeemNow")).toBe(false);
  await waitFor(() => expect(posted.join("")).toContain('"pageView"'), { timeout: 10_000 }); // its first batch is done
  client?.stop();
});

test("analytics off (ANALYTICS_URL=off): nothing is kept or sent", async () => {
  config({ url: null, webAnalyticsId: null });
  startCollecting();
  expect(localStorage.getItem(INBOX_KEY)).not.toBeNull();
  expect(await startAnalytics()).toBeNull();
  announce({ event: "login" });
  expect(localStorage.getItem(INBOX_KEY)).toBeNull();
  expect(posted).toEqual([]);
});
