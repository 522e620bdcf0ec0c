/**
 * Costs that stay flat as data grows (issue 35, docs/performance.md): `npm run bench --
 * --part=data-scale`, which hands this a throwaway PostgreSQL (bench/run.ts). Two databases on
 * it, one per size, each seeded and served by a process of its own (bench/data-scale-worker.ts):
 * BENCH_SCALE_SMALL (10 000) and BENCH_SCALE_LARGE (1 000 000) accounts, with ten login-log rows
 * (sessions) per account, four inbox messages, one account event, a refused sign-in for every
 * fifth and a redemption for every tenth (bench/seed.ts, one statement per table). Then each
 * measure is timed at both sizes **in turns**, BENCH_SCALE_ROUNDS (5) rounds of a slice of its
 * BENCH_SCALE_SAMPLES (200) calls at each size, the order swapped every round, after 10 calls at
 * each not counted: whatever else the machine does weighs on both sizes alike, as the first
 * table's ratios are taken. The measures: a password sign-in (a real argon2id hash, the same for
 * every account), the first signed-in view's data, the login log, the activity page, the message
 * list and the console's user search, every call for another account, through the services' HTTP
 * app as a client calls it. Goal: p99 at the large size ≤ 1.5× p99 at the small one. Then the
 * plans of each measure's statements at the large size (bench/scale-plans.ts), a sequential scan
 * of a large table flagged. A measurement, never a test.
 */
import { fork, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { FromWorker, ToWorker } from "./data-scale-worker";
import { SCALE_PROPORTIONS as PROPORTIONS } from "./seed";
import { flatVerdict, percentile, scaleTable, type ScaleRow } from "./scale-maths";
import type { Plan } from "./scale-plans";

const SIZES: [number, number] = [Number(process.env.BENCH_SCALE_SMALL ?? 10_000), Number(process.env.BENCH_SCALE_LARGE ?? 1_000_000)];
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 200);
const ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_ROUNDS ?? 5));
const WARM = 10;

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** A worker of one size, and a way to ask it one thing at a time. */
type Worker = { size: number; child: ChildProcess; ask: (message: ToWorker) => Promise<FromWorker> };

function startWorker(size: number, databaseUrl: string, dataDir: string): Worker {
  const child = fork(path.join(__dirname, "data-scale-worker.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, SCALE_SIZE: String(size), SCALE_CALLS: String(SAMPLES + WARM), DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let exited: string | null = null;
  const waiting: ((message: FromWorker) => void)[] = [];
  child.on("message", (message: FromWorker) => waiting.shift()?.(message));
  child.on("exit", (code, signal) => {
    exited = `the worker of ${size} accounts exited (${signal ?? code})`;
    for (const resolve of waiting.splice(0)) resolve({ op: "failed", message: exited });
  });
  const ask = (message: ToWorker) =>
    new Promise<FromWorker>((resolve) => {
      if (exited) return resolve({ op: "failed", message: exited });
      waiting.push(resolve);
      child.send(message);
    });
  return { size, child, ask };
}

async function expect<T extends FromWorker["op"]>(worker: Worker, message: ToWorker, op: T): Promise<Extract<FromWorker, { op: T }>> {
  const answer = await worker.ask(message);
  if (answer.op === "failed") throw new Error(`${worker.size.toLocaleString("en")} accounts: ${answer.message}`);
  if (answer.op !== op) throw new Error(`${worker.size.toLocaleString("en")} accounts: answered ${answer.op}, not ${op}`);
  return answer as Extract<FromWorker, { op: T }>;
}

/** A database of its own per size on the bench's server, made fresh. */
async function databases(serverUrl: string): Promise<[string, string]> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const urls = SIZES.map((_, at) => {
      const url = new URL(serverUrl);
      url.pathname = `/scale_${at === 0 ? "small" : "large"}`;
      return url.toString();
    });
    for (const at of [0, 1]) {
      const name = at === 0 ? "scale_small" : "scale_large";
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
    }
    return [urls[0] ?? serverUrl, urls[1] ?? serverUrl];
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error("BENCH_DATABASE_URL is not set: run it as `npm run bench -- --part=data-scale`");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-scale-"));
  const workers: Worker[] = [];
  // Ctrl-C reaches this process too: its data directory and its workers go with it
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      for (const worker of workers) worker.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    const urls = await databases(databaseUrl);
    for (const [at, size] of SIZES.entries()) workers.push(startWorker(size, urls[at] ?? databaseUrl, path.join(dataDir, String(at))));
    // one after the other: a seed takes the machine's cores, and the large one takes minutes
    let names: string[] = [];
    for (const worker of workers) {
      const seeded = await expect(worker, { op: "seed" }, "seeded");
      names = seeded.measures;
      log(`seeded ${worker.size.toLocaleString("en")} accounts (${(worker.size * PROPORTIONS.sessions).toLocaleString("en")} login-log rows) in ${Math.round(seeded.seconds)} s`);
    }
    const [small, large] = workers;
    if (!small || !large) throw new Error("no workers");
    const rows: ScaleRow[] = [];
    for (const [index, name] of names.entries()) {
      for (const worker of workers) await expect(worker, { op: "run", measure: index, count: WARM, counted: false }, "times");
      const times: [number[], number[]] = [[], []];
      for (let round = 0; round < ROUNDS; round += 1) {
        const count = Math.floor(SAMPLES / ROUNDS) + (round < SAMPLES % ROUNDS ? 1 : 0);
        // the order swapped every round: neither size always follows the other
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const at of order) {
          const worker = at === 0 ? small : large;
          const taken = (await expect(worker, { op: "run", measure: index, count, counted: true }, "times")).times;
          (at === 0 ? times[0] : times[1]).push(...taken);
        }
      }
      const [atSmall, atLarge] = times.map((list) => {
        const sorted = [...list].sort((a, b) => a - b);
        return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
      });
      if (!atSmall || !atLarge) throw new Error("no times");
      rows.push({ measure: name, small: atSmall, large: atLarge, ...flatVerdict(atSmall.p99, atLarge.p99) });
      log(`measured ${name} at both sizes, in ${ROUNDS} rounds`);
    }
    const plans = (await expect(large, { op: "plans" }, "plans")).plans;
    report(rows, plans);
  } finally {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
            worker.child.once("exit", () => resolve());
            if (worker.child.connected) worker.child.send({ op: "stop" } satisfies ToWorker);
            else worker.child.kill("SIGKILL");
          }),
      ),
    );
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(rows: ScaleRow[], plans: { name: string; plans: Plan[] }[]): void {
  if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify({ sizes: SIZES, samples: SAMPLES, rounds: ROUNDS, proportions: PROPORTIONS, rows, plans }, null, 2)}\n`);
    return;
  }
  const cpus = os.cpus();
  process.stdout.write(`Costs as the data grows: PostgreSQL with ${SIZES.map((size) => size.toLocaleString("en")).join(", then ")} accounts, ten login-log rows each (ms, ${SAMPLES} calls per measure and size, the sizes in turns over ${ROUNDS} rounds)\n\n`);
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
