import { getDb } from "@/lib/backend/db/client";
import { analyticsEvents } from "@/lib/backend/db/schema";
import { storeEvents } from "@/lib/backend/services/analytics";
import { dashboard } from "@/lib/backend/services/console/analytics";
import { addBan, listBans, removeBan } from "@/lib/backend/services/console/bans";
import { ConsoleError } from "@/lib/backend/services/console/input";
import { listConsoleAnnouncements, publishConsoleAnnouncement, sendConsoleMessage, unpublishAnnouncement } from "@/lib/backend/services/console/messages";
import { call, fromIp, OPEN_TIMEOUT, registerUser, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";

/** The console's IP bans, messages, announcements and analytics, as services on a real database. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function refusal(promise: Promise<unknown>): Promise<{ key: string; status: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConsoleError) return { key: error.key, status: error.status };
    throw error;
  }
  throw new Error("expected a refusal");
}

const login = (email: string, ip: string) => call("POST", "/v1/login", { body: { email, password: "secret-pass1" }, headers: fromIp(ip) });

describe("IP bans", () => {
  test("an address, an IPv4 range and an IPv6 range, with reasons; a banned address cannot sign in; removal lifts it", async () => {
    await registerUser("banned-ip@ops.test");
    const reason = "credential stuffing";
    expect(await addBan({ network: "203.0.113.7", reason, expiresOn: null, operatorIp: "127.0.0.1" })).toEqual({ network: "203.0.113.7", added: true });
    expect(await addBan({ network: "198.51.100.0/24", reason, expiresOn: "", operatorIp: null })).toEqual({ network: "198.51.100.0/24", added: true });
    expect(await addBan({ network: "2001:DB8::/32", reason, expiresOn: undefined, operatorIp: null })).toEqual({ network: "2001:db8::/32", added: true });
    expect((await addBan({ network: "203.0.113.7", reason, expiresOn: null, operatorIp: null })).added).toBe(false);
    expect((await login("banned-ip@ops.test", "198.51.100.9")).code).toBe(20104);
    expect((await login("banned-ip@ops.test", "2001:db8::5")).code).toBe(20104);
    const listed = await listBans(1);
    expect(listed.items.map((item) => item.network)).toEqual(expect.arrayContaining(["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"]));
    expect(listed.items.find((item) => item.network === "203.0.113.7")).toMatchObject({ reason, expiresAt: null, inForce: true });
    await removeBan("198.51.100.0/24");
    expect((await login("banned-ip@ops.test", "198.51.100.9")).code).toBe(0);
    expect(await refusal(removeBan("198.51.100.0/24"))).toEqual({ key: "notListed", status: 404 });
  });

  test("a ban with an expiry holds to the end of that day, then lets the address in; it can be set again", async () => {
    await registerUser("expiring@ops.test");
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await addBan({ network: "192.0.2.0/24", reason: "a day's block", expiresOn: tomorrow, operatorIp: null });
    expect((await login("expiring@ops.test", "192.0.2.1")).code).toBe(20104);
    backend.advance(2 * 86_400 + 60);
    expect((await login("expiring@ops.test", "192.0.2.1")).code).toBe(0);
    expect((await listBans(1)).items.find((item) => item.network === "192.0.2.0/24")?.inForce).toBe(false);
    expect((await addBan({ network: "192.0.2.0/24", reason: "again", expiresOn: null, operatorIp: null })).added).toBe(true);
    expect((await login("expiring@ops.test", "192.0.2.1")).code).toBe(20104);
  });

  test("not an address, /0, a too-wide range, the operator's own address, a past or bad expiry: refused, nothing listed", async () => {
    const before = (await listBans(1)).total;
    const ban = (network: unknown, expiresOn: unknown = null, operatorIp: string | null = null) => addBan({ network, reason: "because", expiresOn, operatorIp });
    for (const bad of ["not-an-ip", "300.1.1.1", "10.0.0.0/33", "10.0.0.0/8/8", "' or 1=1", "x".repeat(10_000), 42]) expect(await refusal(ban(bad))).toEqual({ key: "badNetwork", status: 400 });
    expect(await refusal(ban("0.0.0.0/0"))).toEqual({ key: "rangeTooWide", status: 400 });
    expect(await refusal(ban("::/0"))).toEqual({ key: "rangeTooWide", status: 400 });
    expect(await refusal(ban("10.0.0.0/7"))).toEqual({ key: "rangeTooWide", status: 400 });
    expect(await refusal(ban("127.0.0.0/8", null, "127.0.0.1"))).toEqual({ key: "ownAddress", status: 400 });
    expect(await refusal(ban("203.0.113.99", "2020-01-01"))).toEqual({ key: "badExpiry", status: 400 });
    expect(await refusal(ban("203.0.113.99", "2026-13-01"))).toEqual({ key: "badDate", status: 400 });
    expect((await listBans(1)).total).toBe(before);
  });
});

describe("messages and announcements", () => {
  const texts = { en: { name: "Maintenance", content: "We will be down at 02:00." }, zh: { name: "维护通知", content: "我们将在 02:00 停机维护。" } };

  test("to one user, who reads it in the message centre; to everyone", async () => {
    const reader = await registerUser("reader@ops.test");
    expect(await sendConsoleMessage({ appCode: "passport", category: "system", target: { kind: "user", email: "Reader@ops.test" }, texts })).toMatchObject({ delivered: 1 });
    const inbox = await call("GET", "/message/v1/web/list?appCode=passport&category=system", { token: reader.utoken, headers: { lang: "zh" } });
    expect(JSON.stringify(inbox.data)).toContain("维护通知");
    const everyone = await sendConsoleMessage({ appCode: "passport", category: "activity", target: { kind: "everyone" }, texts });
    expect(everyone.delivered).toBeGreaterThanOrEqual(1);
  });

  test("bad input is refused with a key", async () => {
    const send = (change: Record<string, unknown>) => sendConsoleMessage({ appCode: "passport", category: "system", target: { kind: "user", email: "reader@ops.test" }, texts, ...change });
    expect(await refusal(send({ appCode: "bad app!" }))).toMatchObject({ key: "badApp" });
    expect(await refusal(send({ category: "spam" }))).toMatchObject({ key: "badCategory" });
    expect(await refusal(send({ texts: { ...texts, zh: { name: "", content: "x" } } }))).toMatchObject({ key: "badTexts" });
    expect(await refusal(send({ texts: { ...texts, en: { name: "x", content: "y".repeat(10_000) } } }))).toMatchObject({ key: "badTexts" });
    expect(await refusal(send({ target: { kind: "user", email: "nobody@ops.test" } }))).toEqual({ key: "noSuchUser", status: 404 });
    expect(await refusal(send({ target: { kind: "user", email: "%" } }))).toMatchObject({ key: "badEmail" });
  });

  test("an announcement is published, shown on the public list, and unpublished", async () => {
    const item = await publishConsoleAnnouncement({ texts: { en: { title: "New firmware", body: "Version 2 is out." }, zh: { title: "新固件", body: "第 2 版已发布。" } }, until: null });
    expect(item).toMatchObject({ state: "shown", expiresAt: null });
    const shown = async () => JSON.stringify((await call("GET", "/message/v1/web/announcements")).data);
    expect(await shown()).toContain("New firmware");
    expect((await listConsoleAnnouncements(1)).items[0]).toMatchObject({ id: item.id, state: "shown" });
    await unpublishAnnouncement(item.id);
    expect(await shown()).not.toContain("New firmware");
    expect((await listConsoleAnnouncements(1)).items[0]).toMatchObject({ id: item.id, state: "withdrawn" });
    expect(await refusal(unpublishAnnouncement(item.id))).toEqual({ key: "notFound", status: 404 });
    expect(await refusal(unpublishAnnouncement("nope"))).toEqual({ key: "badId", status: 400 });
    expect(await refusal(publishConsoleAnnouncement({ texts: { en: { title: "x", body: "y" } }, until: null }))).toMatchObject({ key: "badTexts" });
    expect(await refusal(publishConsoleAnnouncement({ texts: item, until: "2000-01-01" }))).toMatchObject({ key: "badTexts" });
  });
});

describe("analytics dashboard", () => {
  test("sign-ins, registrations, codes sent, failures and events per day, by brand and platform", async () => {
    const day = new Date().toISOString().slice(0, 10);
    await registerUser("counted@ops.test", "secret-pass1", { "x-app-code": "xtool", "x-platform": "web" });
    await call("POST", "/v1/login", { body: { email: "counted@ops.test", password: "wrong-pass1" } });
    await requestCode("codes@ops.test");
    await storeEvents([{ id: "event-ops-0001", event: "pageView", time: Date.now(), distinctId: "d", loginId: null, sessionId: "s", url: "/en/login?p=xtool", referrer: null, properties: {} }]);
    const board = await dashboard({ from: day, to: day });
    expect(board.days).toEqual([day]);
    expect(board.signIns[0]).toBeGreaterThanOrEqual(1);
    expect(board.registrations[0]).toBeGreaterThanOrEqual(1);
    expect(board.failures.find((series) => series.label === "20205")?.values[0]).toBeGreaterThanOrEqual(1);
    expect(board.codesSent.find((series) => series.label === "register")?.values[0]).toBeGreaterThanOrEqual(1);
    expect(board.events.find((series) => series.label === "pageView")?.values).toEqual([1]);
    const xtool = await dashboard({ from: day, to: day, brand: "xtool" });
    expect(xtool.events.find((series) => series.label === "pageView")?.values).toEqual([1]);
    expect((await dashboard({ from: day, to: day, brand: "other" })).events).toEqual([]);
    expect(board.brands.map((item) => item.key)).toContain("xtool");
    const rows = await (await getDb()).select().from(analyticsEvents);
    expect(rows).toHaveLength(1);
  });

  test("a range of days with zeros; bad dates, reversed or too long ranges, bad filters: refused", async () => {
    const board = await dashboard({ from: "2025-01-01", to: "2025-01-03" });
    expect(board.days).toEqual(["2025-01-01", "2025-01-02", "2025-01-03"]);
    expect(board.signIns).toEqual([0, 0, 0]);
    expect(await refusal(dashboard({ from: "2025-02-30", to: "2025-03-01" }))).toMatchObject({ key: "badDate", status: 400 });
    expect(await refusal(dashboard({ from: "yesterday", to: "2025-03-01" }))).toMatchObject({ key: "badDate" });
    expect(await refusal(dashboard({ from: "2025-03-02", to: "2025-03-01" }))).toMatchObject({ key: "badRange" });
    expect(await refusal(dashboard({ from: "2024-01-01", to: "2025-03-01" }))).toMatchObject({ key: "rangeTooLong" });
    expect(await refusal(dashboard({ from: "2025-01-01", to: "2025-01-02", brand: "x' or '1'='1" }))).toMatchObject({ key: "badFilter" });
    expect(await refusal(dashboard({ from: "2025-01-01", to: "2025-01-02", platform: "%" }))).toMatchObject({ key: "badFilter" });
  });
});
