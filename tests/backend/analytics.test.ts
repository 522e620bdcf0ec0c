import { randomUUID } from "node:crypto";
import { runCli } from "@/lib/backend/cli/run";
import { getDb } from "@/lib/backend/db/client";
import { analyticsEvents } from "@/lib/backend/db/schema";
import { COLLECTOR_LIMIT } from "@/lib/backend/services/analytics";
import { call, fromIp, OPEN_TIMEOUT, send, startBackend, stopBackend, type Backend } from "./support/harness";

/** The reference analytics collector: what it stores, what it refuses, and the operator's counts. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

function event(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID().replaceAll("-", ""),
    event: "buttonClick",
    time: Date.now(),
    distinctId: "browser-1",
    loginId: null,
    sessionId: "session-1",
    url: "/en/login?p=passport",
    referrer: null,
    properties: { elementId: "googleLogin" },
    ...overrides,
  };
}

async function stored() {
  const db = await getDb();
  return db.select().from(analyticsEvents);
}

async function post(body: unknown, ip: string, contentType = "text/plain;charset=UTF-8") {
  return call("POST", "/v1/analytics/events", { raw: typeof body === "string" ? body : JSON.stringify(body), headers: { ...fromIp(ip), "content-type": contentType } });
}

describe("the collector", () => {
  test("stores a batch sent as text/plain or JSON; a resent event is stored once; answers any origin", async () => {
    const one = event({ event: "pageView", properties: {} });
    const two = event({ event: "login", loginId: "3b0a4c52-uid" });
    expect(await post({ events: [one, two] }, "192.0.2.1")).toMatchObject({ status: 200, code: 0, data: { accepted: 2, rejected: 0 } });
    expect(await post({ events: [two] }, "192.0.2.1", "application/json")).toMatchObject({ code: 0, data: { accepted: 1 } });
    const rows = await stored();
    expect(rows.filter((row) => row.id === two.id)).toHaveLength(1);
    expect(rows.find((row) => row.id === two.id)).toMatchObject({ event: "login", loginId: "3b0a4c52-uid", url: "/en/login?p=passport" });
    const response = await send("POST", "/v1/analytics/events", { body: JSON.stringify({ events: [event()] }), headers: { "content-type": "text/plain", ...fromIp("192.0.2.1") } });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("each event is checked on its own; secrets are dropped whatever the client sent", async () => {
    const leaky = event({ properties: { elementId: "x", password: "hunter2", captcha: "123456", note: "mail me at someone@example.com", utoken: "abc" }, url: "/en/login?who=a@b.test" });
    const unknown = event({ event: "keylogger" });
    const longId = event({ properties: { elementId: "y".repeat(256) } });
    const tooLong = event({ properties: { note: "z".repeat(501) } });
    const badId = event({ id: "1" });
    const batch = [leaky, unknown, longId, tooLong, badId, "nonsense"];
    expect(await post({ events: batch }, "192.0.2.2")).toMatchObject({ code: 0, data: { accepted: 2, rejected: 4 } });
    expect((await stored()).find((r) => r.id === longId.id)?.properties).toEqual({ elementId: "y".repeat(255) });
    const row = (await stored()).find((r) => r.id === leaky.id);
    expect(row?.properties).toEqual({ elementId: "x", note: "mail me at [redacted]" });
    expect(row?.url).toBe("/en/login?who=[redacted]");
    expect(JSON.stringify(await stored())).not.toMatch(/hunter2|123456|someone@example\.com|"abc"/);
  });

  test("a time far off is replaced by the time of arrival", async () => {
    const future = event({ time: Date.now() + 86_400_000 });
    const ancient = event({ time: 0 });
    await post({ events: [future, ancient] }, "192.0.2.3");
    const rows = await stored();
    for (const id of [future.id, ancient.id]) expect(rows.find((r) => r.id === id)?.eventTime.getTime()).toBe(Date.now());
  });

  test("bad bodies are 4xx and store nothing", async () => {
    const before = (await stored()).length;
    expect(await post("not json", "192.0.2.4")).toMatchObject({ status: 400, code: 10001 });
    expect(await post({ events: [] }, "192.0.2.4")).toMatchObject({ status: 400, code: 10001 });
    expect(await post({ events: Array.from({ length: 51 }, () => event()) }, "192.0.2.4")).toMatchObject({ status: 400, code: 10001 });
    expect(await post({ events: [event({ properties: { note: "x".repeat(70_000) } })] }, "192.0.2.4")).toMatchObject({ status: 400, code: 10002 });
    expect(await post("[".repeat(50_000), "192.0.2.4")).toMatchObject({ status: 400, code: 10001 });
    expect((await stored()).length).toBe(before);
  });

  test("each address is limited on its own", async () => {
    for (let i = 0; i < COLLECTOR_LIMIT.points; i++) expect((await post({ events: [event()] }, "203.0.113.9")).code).toBe(0);
    const refused = await post({ events: [event()] }, "203.0.113.9");
    expect(refused).toMatchObject({ status: 429, code: 10004 });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await post({ events: [event()] }, "203.0.113.10")).code).toBe(0);
    backend.advance(COLLECTOR_LIMIT.durationSeconds + 1);
    expect((await post({ events: [event()] }, "203.0.113.9")).code).toBe(0);
  });
});

describe("analytics:counts", () => {
  test("prints events per day and name", async () => {
    backend.advance(86_400);
    const today = new Date().toISOString().slice(0, 10);
    await post({ events: [event({ event: "register" }), event({ event: "register" }), event({ event: "getCode" })] }, "192.0.2.5");
    const out: string[] = [];
    expect(await runCli(["analytics:counts", "--days", "1", "--json"], { out: (line) => out.push(line), err: () => undefined })).toBe(0);
    expect(JSON.parse(out.join(""))).toEqual([
      { day: today, event: "getCode", count: 1 },
      { day: today, event: "register", count: 2 },
    ]);
    const table: string[] = [];
    await runCli(["analytics:counts"], { out: (line) => table.push(line), err: () => undefined });
    expect(table.join("\n")).toMatch(new RegExp(`${today}\\s+register\\s+2`));
    expect(await runCli(["analytics:counts", "--days", "0"], { out: () => undefined, err: () => undefined })).toBe(1);
  });
});
