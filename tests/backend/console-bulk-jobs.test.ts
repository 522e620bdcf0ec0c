import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { accountEvents, bulkJobs, messageDeliveries, sessions, users } from "@/lib/backend/db/schema";
import { runBulkJob } from "@/lib/backend/services/console/bulk-runner";
import { runCli } from "@/lib/backend/cli/run";
import { call, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/** Bulk jobs over users (docs/operators.md "Bulk jobs"): made by an admin, worked through by the runners. */
let backend: Backend;
let admin: Record<string, string>;
const accounts: { uid: string; email: string }[] = [];
beforeAll(async () => {
  // the test drives the runner itself: the instance's own stays off
  backend = await startBackend({ BULK_RUNNER_INTERVAL_SECONDS: "0" });
  admin = operatorHeaders(await sessionOf(await newOperator("admin")));
  for (const name of ["ann", "ben", "cat", "dan", "eve"]) {
    const email = `${name}@bulk.test`;
    accounts.push({ uid: (await registerUser(email)).uid, email });
  }
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const search = { by: "email", q: "@bulk.test" };
const REASON = "spam wave, ticket 812";
const openSessions = async (uid: string) => (await (await getDb()).select().from(sessions).where(and(eq(sessions.userId, uid), isNull(sessions.endedAt)))).length;
const job = async (id: string) => ((await call("GET", "/v1/console/bulk/jobs", { headers: admin })).data?.jobs as Array<{ id: string }>).find((item) => item.id === id);

test("the preview counts a search's accounts and names the first ones; viewer and support are refused with the standard 403", async () => {
  const preview = await call("POST", "/v1/console/bulk/preview", { headers: admin, body: { selection: { search } } });
  expect(preview).toMatchObject({ code: 0, data: { count: 5, limit: 10_000, overLimit: false, first: accounts.map((a) => a.email) } });
  for (const role of ["viewer", "support"] as const) {
    const headers = operatorHeaders(await sessionOf(await newOperator(role)));
    expect(await call("POST", "/v1/console/bulk/preview", { headers, body: { selection: { search } } })).toMatchObject({ status: 403, code: 20102 });
    expect(await call("POST", "/v1/console/bulk/jobs", { headers, body: { kind: "ban", selection: { search }, reason: REASON } })).toMatchObject({ status: 403, code: 20102 });
    expect(await call("GET", "/v1/console/bulk/jobs", { headers })).toMatchObject({ status: 403, code: 20102 });
  }
});

test("end sessions over a search: one job, worked in batches; a runner that dies mid-way is taken over after its lease runs out, no account done twice", async () => {
  for (const account of accounts) expect(await openSessions(account.uid)).toBe(1);
  const made = await call("POST", "/v1/console/bulk/jobs", { headers: admin, body: { kind: "end-sessions", selection: { search }, reason: REASON } });
  expect(made).toMatchObject({ code: 0, data: { kind: "end-sessions", status: "queued", total: 5, done: 0 } });
  const id = String(made.data?.id);

  // runner A does one batch of two, then its instance dies
  expect(await runBulkJob("runner-a", { batchSize: 2, maxBatches: 1 })).toBe(id);
  expect(await job(id)).toMatchObject({ status: "running", done: 2 });
  // its lease still holds: runner B finds nothing to take
  expect(await runBulkJob("runner-b", { batchSize: 2 })).toBeNull();
  backend.advance(31);
  expect(await runBulkJob("runner-b", { batchSize: 2 })).toBe(id);
  expect(await job(id)).toMatchObject({ status: "done", done: 5, failed: 0, total: 5, reason: REASON });
  for (const account of accounts) expect(await openSessions(account.uid)).toBe(0);
  // each account's "sessions ended" event once: nobody was done twice
  const events = await (await getDb()).select({ userId: accountEvents.userId }).from(accountEvents).where(eq(accountEvents.kind, "sessions_ended"));
  expect(events.map((event) => event.userId).sort()).toEqual(accounts.map((a) => a.uid).sort());

  // one audit row for the job: its reason and count
  const audit = await call("GET", "/v1/console/audit?action=users.bulk", { headers: admin });
  const rows = audit.data?.list as Array<{ reason: string; detail: Record<string, unknown>; outcome: string }>;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ reason: REASON, outcome: "ok", detail: { kind: "end-sessions", count: 5, selection: "search" } });
});

test("ban, unban and message over chosen ids change exactly those accounts; a banned account's message fails and is counted", async () => {
  const chosen = accounts.slice(0, 2).map((a) => a.uid);
  const run = async (body: Record<string, unknown>) => {
    const made = await call("POST", "/v1/console/bulk/jobs", { headers: admin, body: { selection: { ids: chosen }, reason: REASON, ...body } });
    expect(made.code).toBe(0);
    while (await runBulkJob("runner-c")) {
      // every open job, as an instance's runner does
    }
    return job(String(made.data?.id));
  };
  expect(await run({ kind: "ban" })).toMatchObject({ status: "done", done: 2 });
  const statuses = async () => (await (await getDb()).select({ email: users.email, status: users.status }).from(users).where(sql`${users.email} like '%@bulk.test'`).orderBy(users.email)).map((row) => row.status);
  expect(await statuses()).toEqual(["banned", "banned", "active", "active", "active"]);

  const message = { appCode: "demo", category: "system", texts: { en: { title: "Hello", body: "Body" }, zh: { title: "您好", body: "正文" } } };
  expect(await run({ kind: "message", message })).toMatchObject({ status: "failed", done: 0, failed: 2 });

  expect(await run({ kind: "unban" })).toMatchObject({ status: "done", done: 2 });
  expect(await statuses()).toEqual(["active", "active", "active", "active", "active"]);
  expect(await run({ kind: "message", message })).toMatchObject({ status: "done", done: 2 });
  const delivered = await (await getDb()).select({ userId: messageDeliveries.userId }).from(messageDeliveries);
  expect(delivered.map((row) => row.userId).sort()).toEqual([...chosen].sort());
});

test("over 10 000 accounts the console is refused, naming the limit, and nothing is made, while users:bulk takes them (and needs --reason); a bad message and an ended job's cancel are refused", async () => {
  const db = await getDb();
  await db.execute(sql`insert into users (email, password_hash, created_at, updated_at) select 'many' || n || '@limit.test', 'x', now(), now() from generate_series(1, 10001) as n`);
  const preview = await call("POST", "/v1/console/bulk/preview", { headers: admin, body: { selection: { search: { by: "email", q: "@limit.test" } } } });
  expect(preview.data).toMatchObject({ count: 10_001, overLimit: true, limit: 10_000 });
  const before = (await db.select().from(bulkJobs)).length;
  const refused = await call("POST", "/v1/console/bulk/jobs", { headers: admin, body: { kind: "ban", selection: { search: { by: "email", q: "@limit.test" } }, reason: REASON } });
  expect(refused).toMatchObject({ status: 400, code: 10001, data: { error: "bulkTooMany" } });
  const badMessage = await call("POST", "/v1/console/bulk/jobs", { headers: admin, body: { kind: "message", selection: { ids: [accounts[0]?.uid] }, reason: REASON, message: { appCode: "demo", category: "nope", texts: { en: { title: "a", body: "b" }, zh: { title: "a", body: "b" } } } } });
  expect(badMessage).toMatchObject({ status: 400, data: { error: "badCategory" } });
  expect((await db.select().from(bulkJobs)).length).toBe(before);
  // the command line has no limit: the same job kind over the 10 001 accounts, left to the instances (--detach)
  const out: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
  expect(await runCli(["users:bulk", "unban", "--search", "@limit.test", "--by", "email", "--detach", "--reason", REASON], io)).toBe(0);
  const cliJob = (await db.select().from(bulkJobs).where(eq(bulkJobs.operator, "cli")))[0];
  expect(cliJob).toMatchObject({ kind: "unban", total: 10_001, status: "queued", reason: REASON });
  expect(out.join("\n")).toContain("10001 account(s)");
  expect(await call("POST", `/v1/console/bulk/jobs/${cliJob?.id}/cancel`, { headers: admin, body: { reason: REASON } })).toMatchObject({ code: 0, data: { status: "cancelled" } });
  expect(await runCli(["users:bulk", "ban", "--search", "@limit.test"], io)).toBe(2);
  expect(await call("POST", `/v1/console/bulk/jobs/${(await db.select().from(bulkJobs).limit(1))[0]?.id}/cancel`, { headers: admin, body: { reason: REASON } })).toMatchObject({ status: 400, data: { error: "bulkFinished" } });
});

test("a cancelled job stops where it is, keeps what it did, and the cancel is audited", async () => {
  const made = await call("POST", "/v1/console/bulk/jobs", { headers: admin, body: { kind: "end-sessions", selection: { search }, reason: REASON } });
  const id = String(made.data?.id);
  await runBulkJob("runner-d", { batchSize: 1, maxBatches: 2 });
  expect(await call("POST", `/v1/console/bulk/jobs/${id}/cancel`, { headers: admin, body: { reason: "wrong search" } })).toMatchObject({ code: 0, data: { status: "cancelled", done: 2 } });
  backend.advance(31);
  expect(await runBulkJob("runner-e")).toBeNull();
  expect(await job(id)).toMatchObject({ status: "cancelled", done: 2 });
  const audit = await call("GET", "/v1/console/audit?action=users.bulk-cancel", { headers: admin });
  expect(JSON.stringify(audit.data)).toContain("wrong search");
});

test("users:bulk over an ids file works the job through and prints its progress to the end", async () => {
  const file = `${backend.dataDir}/ids.txt`;
  await import("node:fs/promises").then((fs) => fs.writeFile(file, `${accounts[3]?.uid}\n${accounts[4]?.uid}\n`));
  const out: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
  expect(await runCli(["users:bulk", "ban", "--ids", file, "--reason", REASON], io)).toBe(0);
  expect(out.at(-1)).toBe("done: 2 of 2 (2 done, 0 failed)");
  const banned = await (await getDb()).select({ email: users.email }).from(users).where(eq(users.status, "banned"));
  expect(banned.map((row) => row.email).sort()).toEqual(["dan@bulk.test", "eve@bulk.test"]);
});
