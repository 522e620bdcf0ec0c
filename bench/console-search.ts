/**
 * The operator console's user search over 100 000 users (docs/operators.md, docs/performance.md):
 * `npm run bench -- --part=console-search` (only this), and the last part of a full `npm run bench`.
 *
 * Seeds BENCH_USERS (default 100 000) users, one session each from one of 5 000 addresses, into a
 * fresh embedded database (or BENCH_DATABASE_URL), then times the search as the console calls it
 * (GET /v1/console/users through the services' HTTP app, with an operator session), BENCH_SEARCHES
 * times per kind of query, and reports p50 and p95. Goal: p95 under 100 ms. A measurement, never
 * a test: nothing fails on a slow machine.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100);
const GOAL_MS = 100;

type Row = { query: string; p50: number; p95: number; goal: string };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
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
    const tag = Date.now().toString(36);
    // one statement per table: the seed is the database's own work, not 100 000 round trips
    await db.execute(sql`
      insert into users (email, password_hash, nickname, created_at, updated_at)
      select 'user' || i || '-' || ${tag} || '@' || (array['example.com','mail.test','corp.test','shop.test'])[1 + i % 4],
             'x', 'nick' || (i % 9973), now() - (i || ' minutes')::interval, now()
      from generate_series(1, ${USERS}) as i`);
    await db.execute(sql`
      insert into sessions (user_id, token_hash, created_at, last_seen_at, ip)
      select id, md5(id::text || ${tag}), created_at + interval '1 minute', created_at + interval '1 minute',
             '10.' || (n % 50) || '.' || ((n / 50) % 100) || '.1'
      from (select id, created_at, row_number() over () as n from users where email like ${`%-${tag}@%`}) as seeded`);
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze sessions`);
    process.stderr.write(`[bench] seeded ${USERS} users and sessions in ${Math.round((Date.now() - started) / 1000)} s\n`);

    const email = `bench-operator-${tag}@console.test`;
    await createOperator({ email, name: "Bench", role: "viewer" });
    const row = await findOperatorByEmail(email);
    if (!row) throw new Error("no operator");
    const token = await openOperatorSession(row, { ip: "127.0.0.1", userAgent: "bench" });

    const queries: Record<string, (i: number) => string> = {
      "email prefix (3 characters)": (i) => `by=email&q=user${(i % 9) + 1}`,
      "email prefix (one account)": (i) => `by=email&q=user${(i * 7919) % USERS + 1}-${tag}`,
      "email prefix, by last sign-in": (i) => `by=email&q=user${(i % 9) + 1}2&sort=lastSignIn`,
      "nickname prefix": (i) => `by=nickname&q=nick${i % 97}`,
      "sign-in address": (i) => `by=ip&q=10.${i % 50}.${i % 100}.1`,
      "newest users, page 50": () => `page=50&pageSize=20`,
      "no match (wildcards escaped)": () => `by=email&q=${encodeURIComponent("%_%")}`,
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
      rows.push({ query: name, p50: Math.round(percentile(times, 50) * 10) / 10, p95: Math.round(p95 * 10) / 10, goal: p95 < GOAL_MS ? "met" : "MISSED" });
    }
    if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify({ users: USERS, searches: SEARCHES, goalMs: GOAL_MS, rows }, null, 2)}\n`);
    else {
      process.stdout.write(`Console user search over ${USERS} users (${SEARCHES} searches each, ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}), goal p95 < ${GOAL_MS} ms\n`);
      process.stdout.write(`${"query".padEnd(34)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}  goal\n`);
      for (const row of rows) process.stdout.write(`${row.query.padEnd(34)}${String(row.p50).padStart(9)}${String(row.p95).padStart(9)}  ${row.goal}\n`);
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
