import { AnalyticsClient } from "@/lib/analytics/client";
import { announce } from "@/lib/analytics/announce";
import { INBOX_KEY, record, resetCollecting, startCollecting } from "@/lib/analytics/collect";
import type { AnalyticsEvent } from "@/lib/contract/analytics-rules";

/**
 * The analytics client against a stand-in collector (an injected fetch that records each batch
 * it receives), with jest's fake clock: batches at start and every 6 s, one at a time unless the
 * last is over 8 s old, 20 s request timeout, at most 200 waiting events, sessions of 30 minutes,
 * page leaves by beacon, truncation and no secrets.
 */
type Received = { at: number; events: AnalyticsEvent[] };
let received: Received[];
let answer: () => Promise<Response>;
let beacons: AnalyticsEvent[][];
let client: AnalyticsClient | null = null;

const collector = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
  const body = JSON.parse(String(init?.body)) as { events: AnalyticsEvent[] };
  const response = answer();
  received.push({ at: Date.now(), events: body.events });
  return response;
});

function start(mirror: ((event: string) => void) | null = null): AnalyticsClient {
  startCollecting();
  client = new AnalyticsClient({
    url: "/v1/analytics/events",
    local: window.localStorage,
    tab: window.sessionStorage,
    fetch: collector as unknown as typeof fetch,
    beacon: (_url, body) => {
      void body.text().then((text) => beacons.push((JSON.parse(text) as { events: AnalyticsEvent[] }).events));
      return true;
    },
    mirror,
  });
  client.start();
  return client;
}

const ok = () => Promise.resolve(new Response(JSON.stringify({ code: 0, data: {} }), { status: 200 }));
const down = () => Promise.reject(new TypeError("fetch failed"));
const names = (events: AnalyticsEvent[]) => events.map((event) => event.event);
const all = () => received.flatMap((batch) => batch.events);

beforeEach(() => {
  jest.useFakeTimers({ now: new Date("2026-05-04T09:00:00Z") });
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/en/login?p=atomm&ut=secret-token&r=https%3A%2F%2Fx.test%2F%3Fut%3Dabc");
  received = [];
  beacons = [];
  answer = ok;
  collector.mockClear();
  resetCollecting();
});

afterEach(() => {
  client?.stop();
  client = null;
  jest.useRealTimers();
});

test("the page view and what the page announced go at start, then a batch every 6 s", async () => {
  start();
  await jest.advanceTimersByTimeAsync(0);
  expect(received).toHaveLength(1);
  expect(names(received[0]?.events ?? [])).toEqual(["pageView"]);
  // the address keeps only its path and launch parameters: no ut token, no r
  expect(received[0]?.events[0]?.url).toBe("/en/login?p=atomm");

  announce({ event: "getCode", purpose: "login" });
  document.body.innerHTML = '<button data-analytics-id="googleLogin"><span>Google</span></button>';
  document.querySelector("span")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await jest.advanceTimersByTimeAsync(5_999);
  expect(received).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(received).toHaveLength(2);
  expect(received[1]?.at).toBe((received[0]?.at ?? 0) + 6_000);
  expect(received[1]?.events.map((e) => [e.event, e.properties])).toEqual([
    ["getCode", { purpose: "login" }],
    ["buttonClick", { elementId: "googleLogin" }],
  ]);
  // nothing new, nothing sent
  await jest.advanceTimersByTimeAsync(12_000);
  expect(received).toHaveLength(2);
  expect(client?.pending()).toEqual([]);
});

test("events heard before the client loaded (kept in localStorage) are sent first, in order", async () => {
  startCollecting();
  announce({ event: "login", method: "password" });
  expect(JSON.parse(localStorage.getItem(INBOX_KEY) ?? "[]")).toHaveLength(2);
  start();
  await jest.advanceTimersByTimeAsync(0);
  expect(names(all())).toEqual(["pageView", "login"]);
  expect(localStorage.getItem(INBOX_KEY)).toBeNull();
});

test("identity: the login id after identify, none after logout; one session until 30 idle minutes", async () => {
  start();
  announce({ event: "identify", loginId: "6f1c1c3e-uid" });
  announce({ event: "redeemNow" });
  await jest.advanceTimersByTimeAsync(29 * 60_000);
  announce({ event: "dialogOperation", name: "certificateProcess", type: "open" });
  await jest.advanceTimersByTimeAsync(31 * 60_000);
  announce({ event: "logout" });
  announce({ event: "buttonClick", elementId: "x" });
  await jest.advanceTimersByTimeAsync(6_000);
  const [view, redeem, dialog, click] = all();
  expect(redeem).toMatchObject({ event: "redeemNow", loginId: "6f1c1c3e-uid", sessionId: view?.sessionId });
  expect(dialog).toMatchObject({ properties: { name: "certificateProcess", type: "open" }, loginId: "6f1c1c3e-uid", sessionId: view?.sessionId });
  expect(click).toMatchObject({ loginId: null, distinctId: view?.distinctId });
  expect(click?.sessionId).not.toBe(view?.sessionId);
});

test("values are truncated (strings 500, ids 255, keys 100, referrer 200) and secrets never leave", async () => {
  Object.defineProperty(document, "referrer", { value: `https://host.test/${"r".repeat(300)}?email=a@b.test`, configurable: true });
  start();
  announce({
    event: "buttonClick",
    elementId: "e".repeat(300),
    note: "n".repeat(600),
    ["k".repeat(120)]: "v",
    password: "hunter2",
    code: "123456",
    utoken: "tok",
    who: "mail me: someone@example.com",
  });
  await jest.advanceTimersByTimeAsync(6_000);
  const click = all().find((event) => event.event === "buttonClick");
  expect(click?.properties.elementId).toHaveLength(255);
  expect(click?.properties.note).toHaveLength(500);
  expect(click?.properties["k".repeat(100)]).toBe("v");
  expect(click?.properties.who).toBe("mail me: [redacted]");
  expect(click?.referrer).toHaveLength(200);
  const sent = JSON.stringify(received);
  for (const secret of ["hunter2", "123456", "tok\"", "someone@example.com", "secret-token", "a@b.test"]) expect(sent).not.toContain(secret);
  Object.defineProperty(document, "referrer", { value: "", configurable: true });
});

test("while the collector is down events wait, at most 200 (the oldest go); when it is back they all arrive", async () => {
  answer = down;
  start();
  for (let i = 0; i < 250; i++) record("buttonClick", { elementId: `b${i}` });
  await jest.advanceTimersByTimeAsync(60_000);
  expect(collector.mock.calls.length).toBeGreaterThan(5);
  expect(received.length).toBe(collector.mock.calls.length);
  const waiting = client?.pending() ?? [];
  expect(waiting).toHaveLength(200);
  expect(waiting[0]?.properties.elementId).toBe("b50");
  expect(JSON.parse(localStorage.getItem("passport:analytics:queue") ?? "[]")).toHaveLength(200);

  received = [];
  answer = ok;
  await jest.advanceTimersByTimeAsync(6_000 * 4);
  expect(received.map((batch) => batch.events.length)).toEqual([50, 50, 50, 50]);
  expect(received.map((batch, i) => batch.at - (received[0]?.at ?? 0) - i * 6_000)).toEqual([0, 0, 0, 0]);
  expect(all().map((event) => event.properties.elementId)).toEqual(Array.from({ length: 200 }, (_, i) => `b${i + 50}`));
  expect(client?.pending()).toEqual([]);
});

test("a slow collector: the next batch waits 8 s, the request gives up after 20 s and is sent again", async () => {
  start();
  await jest.advanceTimersByTimeAsync(0);
  received = [];
  answer = () => new Promise(() => undefined); // never answers
  const hang = collector.mockImplementationOnce(async (_url, init) => {
    received.push({ at: Date.now(), events: (JSON.parse(String(init?.body)) as { events: AnalyticsEvent[] }).events });
    return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
  });
  for (let i = 0; i < 60; i++) record("buttonClick", { elementId: `s${i}` });
  await jest.advanceTimersByTimeAsync(6_000); // first batch (50) goes and hangs
  expect(received.map((b) => b.events.length)).toEqual([50]);
  answer = ok;
  await jest.advanceTimersByTimeAsync(6_000); // 6 s into the flight: still waiting
  expect(received).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(6_000); // 12 s: past the 8 s send timeout, the other 10 go
  expect(received.map((b) => b.events.length)).toEqual([50, 10]);
  await jest.advanceTimersByTimeAsync(12_000); // the first request was aborted at 20 s; its 50 go again
  expect(received.map((b) => b.events.length)).toEqual([50, 10, 50]);
  expect(client?.pending()).toEqual([]);
  expect(hang).toHaveBeenCalled();
});

test("each answer of the collector is read to its end (an unread answer keeps the browser's request open)", async () => {
  const answers: Response[] = [];
  answer = () => {
    const response = new Response(JSON.stringify({ code: 0, data: { accepted: 1, rejected: 0 } }), { status: 200 });
    answers.push(response);
    return Promise.resolve(response);
  };
  start();
  await jest.advanceTimersByTimeAsync(0);
  record("buttonClick", { elementId: "a" });
  await jest.advanceTimersByTimeAsync(6_000);
  expect(answers).toHaveLength(2);
  expect(answers.map((response) => response.bodyUsed)).toEqual([true, true]);
});

test("a refused (malformed) batch is dropped; a throttled one waits", async () => {
  start();
  await jest.advanceTimersByTimeAsync(0);
  answer = () => Promise.resolve(new Response("{}", { status: 429 }));
  record("buttonClick", { elementId: "a" });
  await jest.advanceTimersByTimeAsync(6_000);
  expect(client?.pending()).toHaveLength(1);
  answer = () => Promise.resolve(new Response("{}", { status: 400 }));
  await jest.advanceTimersByTimeAsync(6_000);
  expect(client?.pending()).toHaveLength(0);
});

test("client-side navigation: the leave of the page before (with its time) and a view with it as referrer", async () => {
  start();
  await jest.advanceTimersByTimeAsync(10_000);
  window.history.pushState(null, "", "/en/profile/security?p=atomm");
  window.history.replaceState(null, "", "/en/profile/security?p=atomm&x=1"); // same page
  await jest.advanceTimersByTimeAsync(6_000);
  const [, leave, view] = all();
  expect(leave).toMatchObject({ event: "pageLeave", url: "/en/login?p=atomm", properties: { duration: 10_000 } });
  expect(view).toMatchObject({ event: "pageView", url: "/en/profile/security?p=atomm", referrer: "/en/login?p=atomm" });
  expect(all().filter((e) => e.event === "pageView")).toHaveLength(2);
});

test("leaving the page sends its leave and what waits by beacon, only while the collector answers", async () => {
  start();
  await jest.advanceTimersByTimeAsync(7_000);
  record("redeemNow", {});
  window.dispatchEvent(new Event("pagehide"));
  await Promise.resolve();
  await jest.advanceTimersByTimeAsync(0);
  expect(beacons.flat().map((e) => [e.event, e.properties.duration])).toEqual([
    ["redeemNow", undefined],
    ["pageLeave", 7_000],
  ]);
  expect(client?.pending()).toEqual([]);

  answer = down;
  await jest.advanceTimersByTimeAsync(6_000);
  record("redeemNow", {});
  await jest.advanceTimersByTimeAsync(6_000);
  window.dispatchEvent(new Event("pagehide"));
  expect(beacons).toHaveLength(1);
  expect(client?.pending().map((e) => e.event)).toEqual(["redeemNow"]);
});

test("a page that ended without a goodbye gets its leave on the next page, up to its last 5 s heartbeat", async () => {
  start();
  await jest.advanceTimersByTimeAsync(12_000); // heartbeats at 5 s and 10 s
  client?.stop(); // the tab died: no pagehide
  resetCollecting();
  window.history.replaceState(null, "", "/en/register");
  start();
  await jest.advanceTimersByTimeAsync(0);
  const leave = all().find((e) => e.event === "pageLeave");
  expect(leave).toMatchObject({ url: "/en/login?p=atomm", properties: { duration: 10_000 } });
});

test("only login, register, getCode and buttonClick are mirrored to the web analytics service", async () => {
  const mirror = jest.fn();
  start(mirror);
  for (const event of ["login", "register", "getCode", "findPassword", "redeemNow", "dialogOperation"]) announce({ event });
  announce({ event: "buttonClick", elementId: "certificateProcess" });
  expect(mirror.mock.calls.map(([event]) => event)).toEqual(["login", "register", "getCode", "buttonClick"]);
});

test("unknown events and malformed records are ignored", async () => {
  start();
  announce({ event: "keylogger" });
  window.dispatchEvent(new CustomEvent("passport:analytics", { detail: "nonsense" }));
  client?.track({ e: 42 });
  await jest.advanceTimersByTimeAsync(6_000);
  expect(names(all())).toEqual(["pageView"]);
});
