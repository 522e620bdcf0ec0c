import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { MESSAGES_URL } from "../../playwright.config";
import type { AnalyticsEvent } from "../../lib/contract/analytics-rules";
import { readEmailedCode, uniqueEmail } from "./support/mailbox";
import { admin } from "./support/message-setup";
import { expectUserCentre, logInWithPassword, logOut, messages, registerAccount, solveHumanVerification } from "./support/screens";

/**
 * The analytics client in Chromium against the reference collector, with Playwright's clock:
 * what each batch carries, when batches go, and what happens while the collector is down.
 */
test.use({ baseURL: MESSAGES_URL });
test.describe.configure({ timeout: 180_000 });

type Batch = { events: AnalyticsEvent[] };

/**
 * Every batch the browser sends to the collector (also the beacons of pages being left, hence
 * the whole context); while `down`, requests fail as a stopped collector's would.
 */
async function watchCollector(context: BrowserContext) {
  const state = { batches: [] as Batch[], attempts: 0, down: false };
  await context.route("**/v1/analytics/events", async (route) => {
    state.attempts += 1;
    if (state.down) return route.abort("connectionrefused");
    state.batches.push(JSON.parse(route.request().postData() ?? "{}") as Batch);
    return route.continue();
  });
  return state;
}

const queued = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("passport:analytics:queue") ?? "[]") as AnalyticsEvent[]);
const announce = (page: Page, detail: Record<string, unknown>) => page.evaluate((d) => window.dispatchEvent(new CustomEvent("passport:analytics", { detail: d })), detail);

test("page views and each named event reach the collector in batches, with the login id, truncated and without secrets", async ({ page, context }) => {
  const lang = "en";
  const m = messages[lang];
  const email = uniqueEmail("analytics");
  const password = "First-pass1";
  const newPassword = "Second-pass2";
  // A page being left hands its events to sendBeacon, whose request Playwright cannot follow
  // once the page is gone (the unit tests cover it); without it they go with the next page's
  // batches, where this test sees them.
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "sendBeacon", { value: undefined }));
  const collector = { batches: [] as Batch[] };
  context.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/v1/analytics/events")) collector.batches.push(JSON.parse(request.postData() ?? "{}") as Batch);
  });
  await page.clock.install();

  // register (getCode, register), sign out, reset the password (getCode, findPassword), sign in (login)
  await page.goto(`/${lang}/register`);
  await registerAccount(page, lang, email, password);
  await expectUserCentre(page, lang, email);
  const utoken = (await context.cookies()).find((c) => c.name === "utoken")?.value ?? "";
  const uid = ((await (await page.request.get("/v1/user/basic", { headers: { utoken } })).json()) as { data: { uid: string } }).data.uid;
  await logOut(page, lang);
  await page.goto(`/${lang}/findpwd`);
  await page.getByLabel(m.findpwd.email, { exact: true }).fill(email);
  await page.getByRole("button", { name: m.findpwd.next, exact: true }).click();
  await solveHumanVerification(page, lang);
  const code = await readEmailedCode(page.request, email, 1);
  await page.getByLabel(m.findpwd.code, { exact: true }).fill(code);
  await page.getByRole("button", { name: m.findpwd.next, exact: true }).click();
  await page.getByLabel(m.findpwd.password, { exact: true }).fill(newPassword);
  await page.getByLabel(m.findpwd.confirmPassword, { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: m.findpwd.submit, exact: true }).click();
  await expect(page.getByText(m.findpwd.doneTitle)).toBeVisible();
  await page.goto(`/${lang}/login`);
  await logInWithPassword(page, lang, email, newPassword);
  await expectUserCentre(page, lang, email);

  // client-side navigation, a marked control, and what other screens announce
  const menu = page.getByRole("navigation", { name: m.menu.label });
  await menu.getByRole("link", { name: m.menu.security }).click();
  await expect(page).toHaveURL(/\/en\/profile\/security/);
  const [about] = await Promise.all([context.waitForEvent("page"), menu.getByRole("link", { name: new RegExp(m.menu.about) }).click()]);
  await about.close();
  await announce(page, { event: "redeemNow" });
  await announce(page, { event: "dialogOperation", name: "certificateProcess", type: "open" });
  await announce(page, { event: "buttonClick", elementId: "e".repeat(300), note: "n".repeat(600), password, email });
  await page.clock.runFor(6_000);
  await expect.poll(async () => (await queued(page)).length).toBe(0);

  // a batch cut off by a navigation is sent again by the next page (the collector keeps each id once)
  const events = [...new Map(collector.batches.flatMap((batch) => batch.events).map((e) => [e.id, e])).values()];
  for (const name of ["pageView", "pageLeave", "register", "getCode", "findPassword", "login", "redeemNow", "buttonClick", "dialogOperation"]) {
    expect(events.map((e) => e.event), name).toContain(name);
  }
  expect(collector.batches.every((batch) => batch.events.length >= 1 && batch.events.length <= 50)).toBe(true);
  expect(events.filter((e) => e.event === "getCode").map((e) => e.properties.purpose)).toEqual(["register", "findpwd"]);
  expect(events.find((e) => e.event === "buttonClick" && e.properties.elementId === "learnMore")).toMatchObject({ loginId: uid });
  const security = events.find((e) => e.event === "pageView" && e.url.startsWith("/en/profile/security"));
  expect(security?.referrer).toMatch(/^\/en\/profile\/settings/);
  expect(events.find((e) => e.event === "dialogOperation")).toMatchObject({ loginId: uid, properties: { name: "certificateProcess", type: "open" } });
  const long = events.find((e) => e.event === "buttonClick" && String(e.properties.elementId).startsWith("eee"));
  expect(String(long?.properties.elementId)).toHaveLength(255);
  expect(String(long?.properties.note)).toHaveLength(500);
  expect(long?.properties).not.toHaveProperty("password");
  expect(long?.properties).not.toHaveProperty("email");
  // signed out, the login id is gone
  expect(events.find((e) => e.event === "findPassword")?.loginId).toBeNull();
  const sent = JSON.stringify(collector.batches);
  for (const secret of [email, password, newPassword, code, utoken]) expect(sent).not.toContain(secret);
  expect(new Set(events.map((e) => e.sessionId)).size).toBe(1);

  // The collector stored them (the operator's daily counts).
  const counts = JSON.parse(await admin("analytics:counts", "--days", "1", "--json")) as { event: string; count: number }[];
  for (const name of ["register", "getCode", "findPassword", "login", "redeemNow", "dialogOperation"]) {
    expect(counts.find((row) => row.event === name)?.count ?? 0, name).toBeGreaterThanOrEqual(1);
  }
});

/**
 * Each batch the page hands to fetch, at the page's (fake) time it did so, with the request's
 * settling, recorded in the page as the call is made: with the clock paused, the test knows what
 * went in each step of time without waiting for the request to reach the collector.
 */
type Send = { at: number; size: number; settled: Promise<unknown> };
async function recordSends(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sends: { at: number; size: number; settled: Promise<unknown> }[] = [];
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const answer = original(input, init);
      if (String(input).endsWith("/v1/analytics/events")) {
        const { events } = JSON.parse(String(init?.body ?? "{}")) as { events?: unknown[] };
        sends.push({ at: Date.now(), size: events?.length ?? 0, settled: answer.catch(() => undefined) });
      }
      return answer;
    };
    Object.assign(window, { analyticsSends: sends });
  });
}

test("while the collector is down events wait, at most 200; when it is back they go in batches of 50 every 6 seconds", async ({ page, context }) => {
  const collector = await watchCollector(context);
  await recordSends(page);
  await page.clock.install();
  await page.goto("/en/login");
  await expect.poll(() => collector.batches.length).toBeGreaterThan(0); // the client runs
  await expect.poll(async () => (await queued(page)).length).toBe(0);

  collector.down = true;
  await page.evaluate(() => {
    for (let i = 0; i < 250; i++) window.dispatchEvent(new CustomEvent("passport:analytics", { detail: { event: "buttonClick", elementId: `b${i}` } }));
  });
  const attempts = collector.attempts;
  await page.clock.runFor(12_000);
  await expect.poll(() => collector.attempts).toBeGreaterThan(attempts);
  const waiting = await queued(page);
  expect(waiting).toHaveLength(200);
  expect(waiting.map((e) => e.properties.elementId)).toEqual(Array.from({ length: 200 }, (_, i) => `b${i + 50}`));

  // They wait across a reload too; its leave and view join them and the two oldest clicks go.
  await page.reload();
  const retried = collector.attempts;
  await page.clock.runFor(12_000);
  await expect.poll(() => collector.attempts).toBeGreaterThan(retried);
  const kept = await queued(page);
  expect(kept).toHaveLength(200);
  expect(kept.slice(-2).map((e) => e.event)).toEqual(["pageLeave", "pageView"]);
  expect(kept.filter((e) => e.event === "buttonClick").map((e) => e.properties.elementId)).toEqual(Array.from({ length: 198 }, (_, i) => `b${i + 52}`));

  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  collector.down = false;
  const before = collector.batches.length;
  const sentBefore = await page.evaluate(() => (window as unknown as { analyticsSends: unknown[] }).analyticsSends.length);
  for (let second = 0; second < 26; second++) {
    await page.clock.runFor(1_000);
    // what this second sent has its answer before the clock moves on
    await page.evaluate(() => Promise.all((window as unknown as { analyticsSends: Send[] }).analyticsSends.map((send) => send.settled)).then(() => undefined));
  }
  const arrivals = (await page.evaluate(() => (window as unknown as { analyticsSends: Send[] }).analyticsSends.map(({ at, size }) => ({ at, size })))).slice(sentBefore);
  const clicks = collector.batches.slice(before).flatMap((b) => b.events).filter((e) => e.event === "buttonClick");
  expect(clicks.map((e) => e.properties.elementId)).toEqual(Array.from({ length: 198 }, (_, i) => `b${i + 52}`));
  expect(arrivals.filter((a) => a.size === 50)).toHaveLength(4);
  const gaps = arrivals.slice(1).map((a, i) => a.at - (arrivals[i]?.at ?? 0));
  expect(gaps, JSON.stringify(arrivals)).toEqual(gaps.map(() => 6_000));
  expect(await queued(page)).toEqual([]);
});
