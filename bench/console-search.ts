/**
 * The operator console's user search over one million accounts (docs/operators.md,
 * docs/performance.md): `npm run bench -- --part=console-search` (only this), and the last part
 * of a full `npm run bench`, which hands it a throwaway PostgreSQL (bench/run.ts).
 *
 * Seeds BENCH_USERS (default 1 000 000) users, one session each from one of 5 000 addresses (the
 * registration's: its app code is the account's brand of registration, registration_app_code), two-step on every 50th, a passkey on every 30th, a Google
 * account on every 20th, every 100th banned (bench/seed.ts: each table in one SQL statement,
 * never a million round trips), into BENCH_DATABASE_URL (or, run
 * alone without it, a fresh embedded database). Then times the search as the console calls it
 * (GET /v1/console/users through the services' HTTP app, with an operator session: the page and
 * its count), BENCH_SEARCHES times per kind of query, and reports p50 and p95. Goal: p95 at most
 * 150 ms on PostgreSQL. A measurement, never a test: nothing fails on a slow machine, and no test
 * runs it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { percentile } from "./scale-maths";
import { CONSOLE_PROPORTIONS, seedAccounts } from "./seed";

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100);
const GOAL_MS = 150;

type Row = { query: string; p50: number; p95: number; goal: string };

type Db = Awaited<ReturnType<typeof import("@/lib/backend/db/client").getDb>>;

/** The tag of the accounts an earlier run seeded (user1-<tag>@…), if any. */
async function seededTag(db: Db): Promise<string | null> {
  const { users } = await import("@/lib/backend/db/schema");
  const [row] = await db.select({ email: users.email }).from(users).where(sql`${users.email} like 'user1-%'`).limit(1);
  return row ? (/^user1-([a-z0-9]+)@/.exec(row.email)?.[1] ?? null) : null;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-console-"));
  process.env.DATA_DIR = dataDir;
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  process.env.LOG_LEVEL = "silent";
  const { getDb } = await import("@/lib/backend/db/client");
  const { shutdownBackend } = await import("@/lib/backend/lifecycle");
  const { servicesApp } = await import("@/lib/backend/http/app");
  const { createOperator, findOperatorByEmail } = await import("@/lib/backend/services/console/operators");
  const { openOperatorSession } = await import("@/lib/backend/services/console/operator-sessions");
  try {
    const db = await getDb();
    const started = Date.now();
    // BENCH_REUSE_SEED=1 on a kept database (BENCH_DATABASE_URL): the accounts an earlier run seeded, not a second million
    const earlier = process.env.BENCH_REUSE_SEED === "1" ? await seededTag(db) : null;
    const tag = earlier ?? Date.now().toString(36);
    if (!earlier) await seedAccounts(db, { tag, base: new Date(), passwordHash: "x", proportions: CONSOLE_PROPORTIONS }, 1, USERS);
    process.stderr.write(`[bench] ${earlier ? "reused" : "seeded"} ${USERS} users and sessions in ${Math.round((Date.now() - started) / 1000)} s\n`);

    const email = `bench-operator-${Date.now().toString(36)}@console.test`;
    await createOperator({ email, name: "Bench", role: "viewer" });
    const row = await findOperatorByEmail(email);
    if (!row) throw new Error("no operator");
    const token = await openOperatorSession(row, { ip: "127.0.0.1", userAgent: "bench" });

    const { users } = await import("@/lib/backend/db/schema");
    const picked = await db.select({ id: users.id }).from(users).where(sql`${users.email} like ${`%-${tag}@%`}`).orderBy(sql`md5(${users.id}::text)`).limit(100);
    const ids = picked.map((row) => row.id);
    const day = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 10);
    const queries: Record<string, (i: number) => string> = {
      "one box: part of an email (one)": (i) => `q=r${(i * 7919) % USERS + 1}-${tag}`,
      "one box: part of a nickname": (i) => `q=ick${(i % 90) + 10}`,
      "one box: common part (count 10 000+)": (i) => `q=user${(i % 9) + 1}`,
      "one box: user id": (i) => `q=${ids[i % ids.length] ?? ""}`,
      "one box: sign-in address": (i) => `q=10.${i % 50}.${i % 100}.1`,
      "filters: banned, two-step on, passkey": () => "status=banned&twoStep=yes&passkey=yes",
      "filters: brand, Google, created days": (i) => `brand=atomm&social=google&createdFrom=${day(200_000 + i * 1000)}&createdTo=${day(100_000 + i * 1000)}`,
      "filter: last sign-in on one day": (i) => `signedInFrom=${day(300_000 + i * 1440)}&signedInTo=${day(300_000 + i * 1440)}`,
      "part of an email, by last sign-in": (i) => `q=user${(i % 9) + 1}23&sort=lastSignIn`,
      "all, sorted by email, page 50": () => "sort=email&order=asc&page=50&pageSize=20",
      "no match (wildcards escaped)": () => `q=${encodeURIComponent("%_%")}`,
    };
    const rows: Row[] = [];
    for (const [name, query] of Object.entries(queries)) {
      const times: number[] = [];
      for (let i = 0; i < SEARCHES + 5; i++) {
        const begin = performance.now();
        const response = await servicesApp().fetch(new Request(`http://127.0.0.1/v1/console/users?${query(i)}`, { headers: { "x-operator-token": token } }), { peer: "127.0.0.1" });
        if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status}`);
        await response.arrayBuffer();
        if (i >= 5) times.push(performance.now() - begin); // the first few warm the caches
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      rows.push({ query: name, p50: Math.round(percentile(times, 50) * 10) / 10, p95: Math.round(p95 * 10) / 10, goal: p95 <= GOAL_MS ? "met" : "MISSED" });
    }
    if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify({ users: USERS, searches: SEARCHES, goalMs: GOAL_MS, rows }, null, 2)}\n`);
    else {
      process.stdout.write(`Console user search over ${USERS.toLocaleString("en")} accounts (${SEARCHES} searches each, ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}), goal p95 <= ${GOAL_MS} ms\n`);
      process.stdout.write(`${"query".padEnd(40)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}  goal\n`);
      for (const row of rows) process.stdout.write(`${row.query.padEnd(40)}${String(row.p50).padStart(9)}${String(row.p95).padStart(9)}  ${row.goal}\n`);
    }
  } finally {
    await shutdownBackend();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`console search bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
