/**
 * Costs that stay flat as data grows (issue 35, docs/performance.md): `npm run bench --
 * --part=data-scale`, which hands this a throwaway PostgreSQL (bench/run.ts). Seeds
 * BENCH_SCALE_SMALL (10 000) accounts, measures, grows them to BENCH_SCALE_LARGE (1 000 000),
 * measures again: ten login-log rows (sessions) per account, four inbox messages, one account
 * event, a refused sign-in for every fifth and a redemption for every tenth (bench/seed.ts, one
 * statement per table). Each measure is timed as a client calls it, through the services' HTTP
 * app: a password sign-in (a real argon2id hash, the same for every account), the first signed-in
 * view's data, the login log, the activity page, the message list and the console's user
 * search, BENCH_SCALE_SAMPLES (200) times each after 10 not counted, every call for another
 * account. Goal: p99 at the large size ≤ 1.5× p99 at the small one. Then the plans of each
 * measure's statements at the large size (bench/scale-plans.ts), a sequential scan of a large
 * table flagged. A measurement, never a test.
 */
import { rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { flatVerdict, percentile, scaleTable, type ScaleRow } from "./scale-maths";
import { logPlans, plansOf, type Plan } from "./scale-plans";
import { canSignIn, emailOf, seedAccounts, type Proportions, type Seed } from "./seed";

const SIZES: [number, number] = [Number(process.env.BENCH_SCALE_SMALL ?? 10_000), Number(process.env.BENCH_SCALE_LARGE ?? 1_000_000)];
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 200);
const WARM = 10;
const PROPORTIONS: Proportions = { sessions: 10, deliveries: 4, events: 1, failuresEvery: 5, redemptionsEvery: 10 };
const PASSWORD = "bench-Password-0123";

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

type Call = { path: string; method?: "GET" | "POST"; body?: unknown; token?: string; operator?: string };
type Measure = { name: string; call: (i: number) => Call };

async function send(call: Call): Promise<unknown> {
  const { servicesApp } = await import("@/lib/backend/http/app");
  const headers: Record<string, string> = { lang: "en" };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  if (call.token) headers.utoken = call.token;
  if (call.operator) headers["x-operator-token"] = call.operator;
  const request = new Request(`http://127.0.0.1${call.path}`, { method: call.method ?? "GET", headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) });
  const response = await servicesApp().fetch(request, { peer: "127.0.0.1" });
  const answer: unknown = await response.json();
  const code = typeof answer === "object" && answer !== null && "code" in answer ? answer.code : 0;
  if (response.status !== 200 || code !== 0) throw new Error(`${call.method ?? "GET"} ${call.path.split("?")[0]}: HTTP ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** Distinct accounts among the first `size` that a password sign-in opens at once, spread over them all. */
function accounts(size: number, count: number): number[] {
  const picked = new Set<number>();
  for (let k = 0; picked.size < count && k < count * 4; k += 1) {
    const i = 1 + ((k * 2_654_435_761) % size);
    if (canSignIn(i)) picked.add(i);
  }
  return [...picked];
}

function tokenOf(answer: unknown): string {
  const data = typeof answer === "object" && answer !== null && "data" in answer ? answer.data : null;
  const token = typeof data === "object" && data !== null && "utoken" in data ? data.utoken : null;
  if (typeof token !== "string") throw new Error("POST /v1/login: no utoken");
  return token;
}

async function time(measure: Measure): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + WARM; i += 1) {
    const begin = performance.now();
    await send(measure.call(i));
    if (i >= WARM) times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const planLog = process.env.BENCH_PG_LOG;
  if (!databaseUrl) throw new Error("BENCH_DATABASE_URL is not set: run it as `npm run bench -- --part=data-scale`");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-scale-"));
  // Ctrl-C reaches this process too: its data directory goes with it
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", IP_LIMIT_EXEMPT: "127.0.0.1" });
  const { getDb } = await import("@/lib/backend/db/client");
  const { shutdownBackend } = await import("@/lib/backend/lifecycle");
  const { hashPassword } = await import("@/lib/backend/services/passwords");
  const { createOperator, findOperatorByEmail } = await import("@/lib/backend/services/console/operators");
  const { openOperatorSession } = await import("@/lib/backend/services/console/operator-sessions");
  const { users } = await import("@/lib/backend/db/schema");
  try {
    const db = await getDb();
    // one real hash for every account: each sign-in verifies it as it would its own
    const seed: Seed = { tag: Date.now().toString(36), base: new Date(), passwordHash: await hashPassword(PASSWORD), proportions: PROPORTIONS };
    const email = `bench-operator-${seed.tag}@console.test`;
    await createOperator({ email, name: "Bench", role: "viewer" });
    const operatorRow = await findOperatorByEmail(email);
    if (!operatorRow) throw new Error("no operator");
    const operator = await openOperatorSession(operatorRow, { ip: "127.0.0.1", userAgent: "bench" });

    const results: { name: string; small: { p50: number; p99: number }; large: { p50: number; p99: number } }[] = [];
    let plans: { name: string; plans: Plan[] }[] = [];
    let seeded = 0;
    for (const [at, size] of SIZES.entries()) {
      const started = Date.now();
      await seedAccounts(db, seed, seeded + 1, size);
      seeded = size;
      log(`seeded ${size.toLocaleString("en")} accounts (${(size * PROPORTIONS.sessions).toLocaleString("en")} login-log rows) in ${Math.round((Date.now() - started) / 1000)} s`);
      const picked = accounts(size, 2 * (SAMPLES + WARM) + 1);
      const signInWith = picked.slice(0, SAMPLES + WARM);
      const tokens: string[] = [];
      const signIn: Measure = {
        name: "password sign-in (POST /v1/login)",
        call: (i) => ({ path: "/v1/login", method: "POST", body: { email: emailOf(seed.tag, signInWith[i] ?? 1), password: PASSWORD } }),
      };
      // the sign-in timed, and its tokens kept for the signed-in measures: each call another account
      const signInTimes: number[] = [];
      for (let i = 0; i < SAMPLES + WARM; i += 1) {
        const begin = performance.now();
        tokens.push(tokenOf(await send(signIn.call(i))));
        if (i >= WARM) signInTimes.push(performance.now() - begin);
      }
      signInTimes.sort((a, b) => a - b);
      const ids = (await db.select({ id: users.id }).from(users).where(inArray(users.email, picked.slice(0, 50).map((i) => emailOf(seed.tag, i))))).map((row) => row.id);
      const token = (i: number) => tokens[i % tokens.length];
      const other = (i: number) => picked[SAMPLES + WARM + (i % (SAMPLES + WARM))] ?? 1;
      const measures: Measure[] = [
        { name: "first signed-in view (GET /v1/user/fullinfo)", call: (i) => ({ path: "/v1/user/fullinfo", token: token(i) }) },
        { name: "login log (GET /v1/user/session/log)", call: (i) => ({ path: "/v1/user/session/log?page=1&pageSize=10", token: token(i) }) },
        { name: "activity (GET /v1/user/security/activity)", call: (i) => ({ path: "/v1/user/security/activity?page=1&pageSize=20", token: token(i) }) },
        { name: "message list (GET /message/v1/web/list)", call: (i) => ({ path: "/message/v1/web/list?category=system&page=1&pageSize=10", token: token(i) }) },
        { name: "console search: part of an email", call: (i) => ({ path: `/v1/console/users?q=r${other(i)}-${seed.tag}`, operator }) },
        { name: "console search: user id", call: (i) => ({ path: `/v1/console/users?q=${ids[i % ids.length] ?? ""}`, operator }) },
        { name: "console search: sign-in address", call: (i) => ({ path: `/v1/console/users?q=10.${other(i) % 50}.${Math.floor(other(i) / 50) % 100}.1`, operator }) },
      ];
      const timed = [{ name: signIn.name, figures: { p50: percentile(signInTimes, 50), p99: percentile(signInTimes, 99) } }];
      for (const measure of measures) timed.push({ name: measure.name, figures: await time(measure) });
      log(`measured at ${size.toLocaleString("en")} accounts`);
      for (const { name, figures } of timed) {
        const row = results.find((result) => result.name === name);
        if (at === 0) results.push({ name, small: figures, large: figures });
        else if (row) row.large = figures;
      }
      if (at === SIZES.length - 1 && planLog) {
        await logPlans(db, true);
        try {
          const fresh = picked[picked.length - 1] ?? 1;
          plans = [{ name: signIn.name, plans: await plansOf(planLog, async () => void (await send({ ...signIn.call(0), body: { email: emailOf(seed.tag, fresh), password: PASSWORD } }))) }];
          for (const measure of measures) plans.push({ name: measure.name, plans: await plansOf(planLog, async () => void (await send(measure.call(1)))) });
        } finally {
          await logPlans(db, false);
        }
      }
    }
    const rows: ScaleRow[] = results.map((result) => ({ measure: result.name, small: result.small, large: result.large, ...flatVerdict(result.small.p99, result.large.p99) }));
    report(rows, plans);
  } finally {
    await shutdownBackend();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(rows: ScaleRow[], plans: { name: string; plans: Plan[] }[]): void {
  if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify({ sizes: SIZES, samples: SAMPLES, proportions: PROPORTIONS, rows, plans }, null, 2)}\n`);
    return;
  }
  const cpus = os.cpus();
  process.stdout.write(`Costs as the data grows: PostgreSQL with ${SIZES.map((size) => size.toLocaleString("en")).join(", then ")} accounts, ten login-log rows each (ms, ${SAMPLES} calls per measure and size)\n\n`);
  process.stdout.write(`${scaleTable(rows, SIZES)}\n\n`);
  const flagged = plans.flatMap((entry) => entry.plans.flatMap((plan) => plan.seqScans.map((table) => `${entry.name}: Seq Scan on ${table} in: ${plan.query.slice(0, 160)}`)));
  process.stdout.write(flagged.length === 0 ? "note: no sequential scan of a large table in the plans below\n" : flagged.map((line) => `FLAG: ${line}\n`).join(""));
  process.stdout.write(`${new Date().toISOString()}, ${cpus.length} × ${cpus[0]?.model ?? "unknown"}, load average ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}, Node ${process.version}\n`);
  for (const entry of plans) {
    process.stdout.write(`\nPlans at ${SIZES[1].toLocaleString("en")} accounts: ${entry.name}\n`);
    for (const plan of entry.plans) process.stdout.write(`\n  ${plan.query.slice(0, 400)}\n${plan.plan.split("\n").map((line) => `    ${line}`).join("\n")}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`data-scale bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
