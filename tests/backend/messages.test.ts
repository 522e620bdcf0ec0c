import { messageListResponse, type MessageItem } from "@/lib/contract/messages";
import { runCli } from "@/lib/backend/cli/run";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";

/** The message service: each user's own inbox by tab, unread counts, reading, settings, publishing. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  // every command runs with a reason, as an operator's must (console-cli.test.ts: none → refused)
  const withReason = argv.some((arg) => arg.startsWith("--reason")) ? argv : [...argv, "--reason", "messages test"];
  const code = await runCli(withReason, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

let counter = 0;
/** Publishes with the operator command; returns the message id (null when not sent). */
async function send(to: string, category: string, app = "passport"): Promise<string> {
  counter += 1;
  const target = to === "*" ? ["--app-users"] : ["--to", to];
  const result = await admin(
    "message:send", "--app", app, "--category", category, ...target,
    "--name-en", `Notice ${counter}`, "--name-zh", `通知 ${counter}`,
    "--content-en", `Body ${counter}`, "--content-zh", `正文 ${counter}`, "--json",
  );
  expect(result).toMatchObject({ code: 0, err: "" });
  return String((JSON.parse(result.out) as { id: string }).id);
}

async function list(token: string, query: string, headers: Record<string, string> = {}): Promise<MessageItem[]> {
  const reply = await call("GET", `/message/v1/web/list?${query}`, { token, headers });
  expect(reply.code).toBe(0);
  return messageListResponse.parse(reply.data).list;
}

async function counts(token: string, appCode = "passport"): Promise<Record<string, number>> {
  const reply = await call("GET", `/message/v1/web/count?appCode=${appCode}`, { token });
  expect(reply.code).toBe(0);
  return reply.data as Record<string, number>;
}

describe("the inbox", () => {
  test("a message to one user lands in its tab, unread, in both languages; nobody else sees or reads it", async () => {
    const alice = await registerUser("alice@messages.test");
    const bob = await registerUser("bob@messages.test");
    const id = await send("alice@messages.test", "device");
    const [item] = await list(alice.utoken, "category=device");
    expect(item).toMatchObject({ id, category: "device", read: false, name: `Notice ${counter}`, appCode: "passport" });
    expect(item?.contentLang.zh).toEqual({ name: `通知 ${counter}`, content: `正文 ${counter}` });
    expect((await list(alice.utoken, "category=device", { lang: "zh" }))[0]?.name).toBe(`通知 ${counter}`);
    expect(await list(alice.utoken, "category=system")).toEqual([]);
    expect(await counts(alice.utoken)).toEqual({ total: 1, device: 1, system: 0, app: 0, activity: 0 });

    // Bob sees nothing, and cannot mark Alice's message read (not found, as a message that does not exist).
    expect(await list(bob.utoken, "category=device")).toEqual([]);
    expect((await counts(bob.utoken)).total).toBe(0);
    expect(await call("POST", "/message/v1/web/read", { token: bob.utoken, body: { id } })).toMatchObject({ status: 404, code: 20602 });
    expect((await counts(alice.utoken)).device).toBe(1);
    // Another app's message centre does not show it either.
    expect(await list(alice.utoken, "category=device&appCode=atomm")).toEqual([]);
    expect(await list(alice.utoken, "category=device", { "x-app-code": "atomm" })).toEqual([]);
  });

  test("reading one and reading a tab update the counts; reading twice is fine", async () => {
    const { utoken } = await registerUser("reader@messages.test");
    const first = await send("reader@messages.test", "system");
    await send("reader@messages.test", "system");
    await send("reader@messages.test", "app");
    expect(await counts(utoken)).toEqual({ total: 3, device: 0, system: 2, app: 1, activity: 0 });
    expect(await call("POST", "/message/v1/web/read", { token: utoken, body: { id: first } })).toMatchObject({ code: 0, data: { total: 2, system: 1 } });
    expect(await call("POST", "/message/v1/web/read", { token: utoken, body: { id: first } })).toMatchObject({ code: 0, data: { total: 2 } });
    expect((await list(utoken, "category=system")).map((m) => m.read).sort()).toEqual([false, true]);
    expect(await call("POST", "/message/v1/web/read/all", { token: utoken, body: { category: "system" } })).toMatchObject({ code: 0, data: { total: 1, system: 0, app: 1 } });
    expect(await call("POST", "/message/v1/web/read/all", { token: utoken })).toMatchObject({ code: 0, data: { total: 0 } });
  });

  test("newest first unless sort=asc, paged with a total", async () => {
    const { utoken } = await registerUser("pager@messages.test");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await send("pager@messages.test", "activity"));
      backend.advance(60);
    }
    expect((await list(utoken, "category=activity")).map((m) => m.id)).toEqual([...ids].reverse());
    expect((await list(utoken, "category=activity&sort=asc")).map((m) => m.id)).toEqual(ids);
    const page = await call("GET", "/message/v1/web/list?category=activity&page=2&pageSize=2", { token: utoken });
    expect(page).toMatchObject({ code: 0, data: { total: 3, page: 2, pageSize: 2 } });
    expect((page.data?.list as MessageItem[]).map((m) => m.id)).toEqual([ids[0]]);
  });

  test("bad requests are 4xx and change nothing; no session is 20101", async () => {
    const { utoken } = await registerUser("bad@messages.test");
    for (const query of ["", "category=news", "category=app&pageSize=51", "category=app&page=0", "category=app&sort=up", "category=app&appCode=a%20b"]) {
      expect(await call("GET", `/message/v1/web/list?${query}`, { token: utoken })).toMatchObject({ status: 400, code: 10001 });
    }
    expect(await call("POST", "/message/v1/web/read", { token: utoken, body: { id: "not-a-uuid" } })).toMatchObject({ status: 400, code: 10001 });
    expect(await call("POST", "/message/v1/web/read", { token: utoken, raw: "{" })).toMatchObject({ status: 400, code: 10001 });
    expect(await call("POST", "/message/v1/web/read", { token: utoken, body: { id: "00000000-0000-4000-8000-000000000000" } })).toMatchObject({ code: 20602 });
    expect(await call("GET", "/message/v1/web/count")).toMatchObject({ status: 401, code: 20101 });
    expect(await call("GET", "/message/v1/web/list?category=app", { token: "forged" })).toMatchObject({ code: 20101 });
    expect(await call("POST", "/message/v1/web/read/all", { body: {} })).toMatchObject({ code: 20101 });
  });
});

describe("publishing to every user of an app", () => {
  test("reaches the accounts that signed in through the app, not others, not enterprise users", async () => {
    const viaAtomm = await registerUser("atomm-user@messages.test", "secret-pass1", { "x-app-code": "atomm" });
    const elsewhere = await registerUser("other-app@messages.test", "secret-pass1", { "x-app-code": "focusaur" });
    await admin("enterprise:create", "--account", "msg-ent", "--email", "boss@messages.test", "--name", "Ent");
    const result = await admin("message:send", "--app", "atomm", "--category", "app", "--app-users", "--name-en", "New", "--name-zh", "新", "--content-en", "Hello", "--content-zh", "你好");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Published message [0-9a-f-]{36} to every user of atomm: delivered to 1 account\(s\)\.$/);
    expect(await list(viaAtomm.utoken, "category=app&appCode=atomm")).toHaveLength(1);
    expect(await list(elsewhere.utoken, "category=app&appCode=atomm")).toEqual([]);
  });
});

describe("settings", () => {
  test("app and device messages can be turned off per app: new ones stop, old ones stay; system cannot", async () => {
    const { utoken } = await registerUser("quiet@messages.test");
    await send("quiet@messages.test", "app");
    const initial = await call("GET", "/message/v1/web/my/settings?appCode=passport", { token: utoken });
    expect(initial.data?.settings).toEqual([
      { appCode: "passport", category: "device", blocked: false, blockable: true },
      { appCode: "passport", category: "system", blocked: false, blockable: false },
      { appCode: "passport", category: "app", blocked: false, blockable: true },
      { appCode: "passport", category: "activity", blocked: false, blockable: false },
    ]);

    const off = await call("POST", "/message/v1/web/my/settings", { token: utoken, body: { appCode: "passport", category: "app", blocked: true } });
    expect(off).toMatchObject({ code: 0 });
    expect((off.data?.settings as { category: string; blocked: boolean }[]).find((s) => s.category === "app")?.blocked).toBe(true);

    // A direct message is refused and not kept; one to every user of the app skips this account.
    const refused = await admin("message:send", "--app", "passport", "--category", "app", "--to", "quiet@messages.test", "--name-en", "x", "--name-zh", "x", "--content-en", "x", "--content-zh", "x");
    expect(refused).toMatchObject({ code: 1, err: "Error: Not sent: quiet@messages.test turned off app messages for passport." });
    await send("*", "app");
    expect(await list(utoken, "category=app")).toHaveLength(1);
    // Other categories and other apps still arrive.
    await send("quiet@messages.test", "system");
    expect(await list(utoken, "category=system")).toHaveLength(1);

    // System messages cannot be turned off; a v2 change that includes it changes nothing at all.
    expect(await call("POST", "/message/v1/web/my/settings", { token: utoken, body: { category: "system", blocked: true } })).toMatchObject({ status: 400, code: 20601 });
    const mixed = await call("POST", "/message/v2/web/my/settings", { token: utoken, body: { appCode: "passport", settings: [{ category: "device", blocked: true }, { category: "system", blocked: true }] } });
    expect(mixed).toMatchObject({ code: 20601 });
    const after = await call("GET", "/message/v1/web/my/settings", { token: utoken });
    expect((after.data?.settings as { category: string; blocked: boolean }[]).filter((s) => s.blocked).map((s) => s.category)).toEqual(["app"]);
    expect(await call("POST", "/message/v2/web/my/settings", { token: utoken, body: { appCode: "passport", settings: [{ category: "app", blocked: false }, { category: "app", blocked: true }] } })).toMatchObject({ code: 10001 });

    // On again: the next one arrives.
    const on = await call("POST", "/message/v2/web/my/settings", { token: utoken, body: { appCode: "passport", settings: [{ category: "app", blocked: false }, { category: "device", blocked: false }] } });
    expect(on).toMatchObject({ code: 0 });
    await send("quiet@messages.test", "app");
    expect(await list(utoken, "category=app")).toHaveLength(2);
  });

  test("a block is per user and per app", async () => {
    const a = await registerUser("block-a@messages.test");
    const b = await registerUser("block-b@messages.test");
    await call("POST", "/message/v1/web/my/settings", { token: a.utoken, body: { appCode: "passport", category: "device", blocked: true } });
    await send("block-b@messages.test", "device");
    await send("block-a@messages.test", "device", "atomm");
    expect(await list(b.utoken, "category=device")).toHaveLength(1);
    expect(await list(a.utoken, "category=device&appCode=atomm")).toHaveLength(1);
  });
});

describe("message:send", () => {
  test("bad usage → 2; an unknown account, a bad category or missing texts → 1", async () => {
    expect((await admin("message:send", "--app", "passport", "--category", "app", "--name-en", "x")).code).toBe(2);
    expect((await admin("message:send", "--app", "passport", "--category", "app", "--to", "a@b.test", "--app-users", "--name-en", "x")).code).toBe(2);
    const base = ["--name-en", "x", "--name-zh", "x", "--content-en", "x", "--content-zh", "x"];
    expect(await admin("message:send", "--app", "passport", "--category", "app", "--to", "nobody@messages.test", ...base)).toMatchObject({ code: 1, err: "Error: No account for nobody@messages.test." });
    expect((await admin("message:send", "--app", "passport", "--category", "news", "--to", "alice@messages.test", ...base)).code).toBe(1);
    expect((await admin("message:send", "--app", "bad app", "--category", "app", "--to", "alice@messages.test", ...base)).code).toBe(1);
    expect((await admin("message:send", "--app", "passport", "--category", "app", "--to", "alice@messages.test", ...base.slice(0, 6), "--content-zh", "x".repeat(4001))).code).toBe(1);
  });
});

describe("announcements", () => {
  test("published ones are public, newest first, until they expire or are withdrawn", async () => {
    const texts = (n: number) => ["--title-en", `Maintenance ${n}`, "--title-zh", `维护 ${n}`, "--body-en", `Body ${n}`, "--body-zh", `正文 ${n}`];
    const first = JSON.parse((await admin("announcement:publish", ...texts(1), "--json")).out) as { id: string };
    backend.advance(60);
    const until = new Date(Date.now() + 3600_000).toISOString();
    expect((await admin("announcement:publish", ...texts(2), "--until", until)).code).toBe(0);
    const shown = await call("GET", "/message/v1/web/announcements", { headers: fromIp("198.51.100.1") });
    expect(shown.code).toBe(0);
    const titles = (shown.data?.list as { title: { en: string; zh: string } }[]).map((a) => a.title);
    expect(titles).toEqual([{ en: "Maintenance 2", zh: "维护 2" }, { en: "Maintenance 1", zh: "维护 1" }]);

    backend.advance(3601);
    expect(((await call("GET", "/message/v1/web/announcements")).data?.list as unknown[]).length).toBe(1);
    expect(await admin("announcement:withdraw", first.id)).toMatchObject({ code: 0 });
    expect((await call("GET", "/message/v1/web/announcements")).data?.list).toEqual([]);
    expect((await admin("announcement:withdraw", first.id)).code).toBe(1);
    expect((await admin("announcement:list")).out).toMatch(/withdrawn\s+Maintenance 1/);
    expect((await admin("announcement:publish", ...texts(3), "--until", "2001-01-01")).code).toBe(1);
    expect((await admin("announcement:publish", ...texts(3), "--until", "soon")).code).toBe(1);
    expect((await admin("announcement:publish", "--title-en", "x")).code).toBe(2);
  });
});
