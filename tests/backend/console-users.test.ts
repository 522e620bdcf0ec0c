import { call, fromIp, OPEN_TIMEOUT, outboxFiles, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/** The console's user search and the actions on a user, as the console calls them. */
let backend: Backend;
let support: Record<string, string>;
beforeAll(async () => {
  backend = await startBackend();
  support = operatorHeaders(await sessionOf(await newOperator("support")));
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const search = (query: string) => call("GET", `/v1/console/users?${query}`, { headers: support });
function emails(reply: { code: number; data?: Record<string, unknown> }): string[] {
  expect(reply.code).toBe(0);
  return (reply.data?.list as Array<{ email: string }>).map((user) => user.email);
}

test("an email prefix, any case, finds exactly the accounts it starts; % and _ are letters, not wildcards", async () => {
  await registerUser("alice.smith@search.test");
  await registerUser("alicia@search.test");
  await registerUser("bob_50@search.test");
  await registerUser("bobx50@search.test");
  expect(emails(await search("by=email&q=ALIC")).sort()).toEqual(["alice.smith@search.test", "alicia@search.test"]);
  expect(emails(await search(`by=email&q=${encodeURIComponent("bob_")}`))).toEqual(["bob_50@search.test"]);
  expect(emails(await search(`by=email&q=${encodeURIComponent("%")}`))).toEqual([]);
  expect(emails(await search(`by=email&q=${encodeURIComponent("' or 1=1 --")}`))).toEqual([]);
});

test("by id, by sign-in address, sorted by last sign-in, paged without counting", async () => {
  const first = await registerUser("ip-one@search.test", "secret-pass1", fromIp("192.0.2.77"));
  await registerUser("ip-two@search.test", "secret-pass1", fromIp("192.0.2.78"));
  expect(emails(await search(`by=id&q=${first.uid}`))).toEqual(["ip-one@search.test"]);
  expect(emails(await search("by=ip&q=192.0.2.77"))).toEqual(["ip-one@search.test"]);
  backend.advance(60);
  expect((await call("POST", "/v1/login", { body: { email: "ip-one@search.test", password: "secret-pass1" } })).code).toBe(0);
  const signedIn = Date.now();
  const sorted = await search("by=email&q=ip-&sort=lastSignIn&order=desc");
  expect(emails(sorted)).toEqual(["ip-one@search.test", "ip-two@search.test"]);
  // the value shown in the Users list: each account's own latest session, never empty
  const lastSignIns = (sorted.data?.list as Array<{ lastSignInAt: string | null }>).map((user) => user.lastSignInAt);
  expect(lastSignIns).toEqual([new Date(signedIn).toISOString(), new Date(signedIn - 60_000).toISOString()]);
  const page = await search("by=email&q=ip-&pageSize=1&page=1");
  expect(page.data).toMatchObject({ hasMore: true, page: 1, pageSize: 1 });
  expect((await search("by=email&q=ip-&pageSize=1&page=2")).data).toMatchObject({ hasMore: false });
});

test("bad input is a 400 naming the field, never a 5xx: 10 000 characters, page -1 or 10^12, an unknown field, a bad id or address", async () => {
  for (const [query, field] of [
    [`q=${"a".repeat(10_000)}`, "q"],
    ["page=-1", "page"],
    ["page=1000000000000", "page"],
    ["page=abc", "page"],
    ["pageSize=0", "pageSize"],
    ["by=password_hash&q=x", "by"],
    ["by=id&q=1%20or%201%3D1", "q"],
    ["by=ip&q=999.1.1.1", "q"],
    ["sort=password", "sort"],
  ] as const) {
    const reply = await search(query);
    expect({ query: query.slice(0, 40), status: reply.status, code: reply.code }).toEqual({ query: query.slice(0, 40), status: 400, code: 10001 });
    expect(reply.data?.fields).toEqual([field]);
  }
});

test("ending a user's sessions signs them out at once; ban, unban; each action with its reason in the audit log", async () => {
  const user = await registerUser("acted-on@search.test");
  expect((await call("GET", "/v1/user/basic", { token: user.utoken })).code).toBe(0);
  expect((await call("POST", `/v1/console/users/${user.uid}/sessions/end`, { headers: support, body: { reason: "x" } })).code).toBe(10001);
  expect(await call("POST", `/v1/console/users/${user.uid}/sessions/end`, { headers: support, body: { reason: "customer asked by phone" } })).toMatchObject({ code: 0, data: { count: 1 } });
  expect((await call("GET", "/v1/user/basic", { token: user.utoken })).code).toBe(20101);
  backend.advance(1);
  expect((await call("POST", `/v1/console/users/${user.uid}/status`, { headers: support, body: { status: "banned", reason: "fraud report 7" } })).code).toBe(0);
  expect((await call("POST", "/v1/login", { body: { email: "acted-on@search.test", password: "secret-pass1" } })).code).toBe(20105);
  backend.advance(1);
  expect((await call("POST", `/v1/console/users/${user.uid}/status`, { headers: support, body: { status: "active", reason: "cleared" } })).code).toBe(0);
  expect((await call("POST", "/v1/login", { body: { email: "acted-on@search.test", password: "secret-pass1" } })).code).toBe(0);
  const log = await call("GET", `/v1/console/audit?target=${user.uid}`, { headers: support });
  const entries = log.data?.list as Array<{ action: string; reason: string; outcome: string }>;
  expect(entries.map(({ action, reason, outcome }) => [action, reason, outcome])).toEqual([
    ["user.unban", "cleared", "ok"],
    ["user.ban", "fraud report 7", "ok"],
    ["user.end-sessions", "customer asked by phone", "ok"],
  ]);
});

test("a failed action's audit row keeps its error code; a one-time code handed in is still never written", async () => {
  const user = await registerUser("no-two-step@search.test");
  const reply = await call("POST", `/v1/console/users/${user.uid}/two-step/reset`, { headers: support, body: { reason: "lost phone, ticket 9" } });
  expect(reply.code).toBe(20905);
  const log = await call("GET", `/v1/console/audit?target=${user.uid}&action=user.reset-two-step`, { headers: support });
  expect(log.data?.list).toEqual([expect.objectContaining({ outcome: "failed", reason: "lost phone, ticket 9", detail: { errorCode: 20905 } })]);
  const { audit } = await import("@/lib/backend/services/console/audit");
  await audit({ operatorId: null, actor: "cli", ip: null }, "redaction.check", { type: "user", id: user.uid }, null, "ok", { code: "123456", recoveryCodes: ["a"], errorCode: "123456", kept: 1 });
  const redacted = await call("GET", `/v1/console/audit?target=${user.uid}&action=redaction.check`, { headers: support });
  expect(redacted.data?.list).toEqual([expect.objectContaining({ detail: { kept: 1 } })]);
});

test("an action and its audit row commit together: an audit row that cannot be written leaves the account as it was", async () => {
  const user = await registerUser("atomic@search.test");
  const { getDb } = await import("@/lib/backend/db/client");
  const { sql } = await import("drizzle-orm");
  const db = await getDb();
  // the database refuses this one row, as a full disk or a lost connection would
  await db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$ begin if new.reason = 'audit refused' then raise exception 'audit refused'; end if; return new; end $$`);
  await db.execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
  try {
    const reply = await call("POST", `/v1/console/users/${user.uid}/status`, { headers: support, body: { status: "banned", reason: "audit refused" } });
    expect(reply.status).toBeGreaterThanOrEqual(500);
  } finally {
    await db.execute(sql`drop trigger refuse_audit on audit_log`);
    await db.execute(sql`drop function refuse_audit()`);
  }
  expect((await call("GET", `/v1/console/users/${user.uid}`, { headers: support })).data).toMatchObject({ user: { status: "active" } });
  expect((await call("POST", "/v1/login", { body: { email: "atomic@search.test", password: "secret-pass1" } })).code).toBe(0);
});

test("the audit log names each target: a user's email linked while the account exists, kept unlinked once it is deleted", async () => {
  const admin = operatorHeaders(await sessionOf(await newOperator("admin")));
  const user = await registerUser("named-target@search.test");
  expect((await call("POST", `/v1/console/users/${user.uid}/sessions/end`, { headers: support, body: { reason: "customer asked" } })).code).toBe(0);
  const targets = async () =>
    ((await call("GET", `/v1/console/audit?target=${user.uid}`, { headers: support })).data?.list as Array<{ action: string; targetName: string | null; targetLinked: boolean }>).map(({ action, targetName, targetLinked }) => [action, targetName, targetLinked]);
  expect(await targets()).toEqual([["user.end-sessions", "named-target@search.test", true]]);
  backend.advance(1);
  expect((await call("POST", `/v1/console/users/${user.uid}/delete`, { headers: admin, body: { reason: "asked to be forgotten" } })).code).toBe(0);
  expect(await targets()).toEqual([
    ["user.delete", "named-target@search.test", false],
    ["user.end-sessions", "named-target@search.test", false],
  ]);
});

test("a password-reset mail links to the configured public origin only: a link named by the caller is refused, the audit row holds the link", async () => {
  const user = await registerUser("reset-mail@search.test");
  const resetMails = () => outboxFiles("reset-mail@search.test").filter((file) => /重置您的密码|Reset your password/.test(file.text));
  backend.reconfigure({ PUBLIC_ORIGIN: "https://passport.example.com" });
  try {
    const path = `/v1/console/users/${user.uid}/password-reset`;
    for (const page of ["https://evil.example/en/findpwd", "https://passport.example.com/en/findpwd"]) {
      expect(await call("POST", path, { headers: support, body: { reason: "customer asked by phone", page } })).toMatchObject({ status: 400, code: 10001, data: { fields: ["page"] } });
    }
    expect(resetMails()).toEqual([]);

    // the caller chooses the language, nothing else
    expect(await call("POST", path, { headers: { ...support, lang: "zh" }, body: { reason: "customer asked by phone" } })).toMatchObject({ code: 0 });
    const mails = resetMails();
    expect(mails).toHaveLength(1);
    const links = mails[0]?.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toEqual(["https://passport.example.com/zh/findpwd"]);

    const log = await call("GET", `/v1/console/audit?target=${user.uid}&action=user.password-reset-mail`, { headers: support });
    expect(log.data?.list).toEqual([expect.objectContaining({ outcome: "ok", reason: "customer asked by phone", detail: { link: "https://passport.example.com/zh/findpwd" } })]);
  } finally {
    backend.reconfigure({ PUBLIC_ORIGIN: undefined });
  }
});

test("a user's page shows what an operator needs and never a hash, code or token", async () => {
  const user = await registerUser("page@search.test");
  const reply = await call("GET", `/v1/console/users/${user.uid}`, { headers: support });
  expect(reply).toMatchObject({ code: 0, data: { user: { email: "page@search.test", status: "active" }, waysIn: { password: true, social: [] } } });
  const text = JSON.stringify(reply.data);
  expect(text).not.toMatch(/argon2|password_hash|passwordHash|tokenHash|token_hash/);
  expect(text).not.toContain(user.utoken);
  expect((await call("GET", "/v1/console/users/00000000-0000-4000-8000-000000000000", { headers: support })).status).toBe(404);
});

test("the audit filter refuses a day that does not exist with the analytics dashboard's code and message", async () => {
  const analytics = await call("GET", "/v1/console/analytics?from=2026-02-30&to=2026-03-01", { headers: support });
  expect(analytics).toMatchObject({ status: 400, code: 10001, data: { error: "badDate", field: "from" } });
  for (const [query, field] of [["from=2026-02-30", "from"], ["to=2026-13-01", "to"], ["from=2026-2-1", "from"]] as const) {
    for (const path of ["/v1/console/audit", "/v1/console/audit/export"]) {
      const reply = await call("GET", `${path}?${query}`, { headers: support });
      expect(reply).toMatchObject({ status: 400, code: 10001, data: { error: "badDate", field } });
      if (field === "from") expect(reply.message).toBe(analytics.message);
    }
  }
  expect((await call("GET", "/v1/console/audit?from=2026-02-28&to=2026-02-28", { headers: support })).code).toBe(0);
});

test("the audit log has no way to change or remove an entry", async () => {
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    expect((await call(method, "/v1/console/audit", { headers: support, body: {} })).status).toBe(404);
  }
  const csv = await fetchCsv();
  expect(csv.split("\r\n")[0]).toBe("at,actor,operator_id,ip,action,target_type,target_id,reason,outcome,detail");
});

async function fetchCsv(): Promise<string> {
  const { servicesApp } = await import("@/lib/backend/http/app");
  const response = await servicesApp().fetch(new Request("http://localhost:3000/v1/console/audit/export", { headers: support }));
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  return response.text();
}
