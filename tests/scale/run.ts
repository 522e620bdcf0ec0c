/**
 * `npm run test:scale` (three instances) and `npm run test:scale:short` (two, part of `npm test`):
 * the portal scaled out on loopback with real servers, under a mixed load and faults, checked
 * from the clients' ledger afterwards. docs/deploy.md describes the run and shows a summary.
 *
 *   --short          two instances and a shorter load
 *   --instances N    instances (default 3, short 2)
 *   --seconds S      the load's length before the faults' tail (default 150, short 60)
 *
 * Uses the production build in .next (the package scripts say whether one is made first); every
 * server it starts it stops itself by its pid, on success, failure and Ctrl-C. Ports: 4600–4699
 * (SCALE_BASE_PORT moves them).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { closeBrowser } from "./browser";
import { closeAgents } from "./http";
import { Ledger } from "./ledger";
import { runLoadAndFaults } from "./scenario";
import { checkAfterwards } from "./checks";
import { summary, faultyEntries } from "./report";
import { startStack, stopStack, type Stack } from "./setup";
import { stopAll } from "./processes";

const { values } = parseArgs({ options: { short: { type: "boolean", default: false }, instances: { type: "string" }, seconds: { type: "string" } }, strict: true });
const instances = Number(values.instances ?? (values.short ? 2 : 3));
const loadSeconds = Number(values.seconds ?? (values.short ? 60 : 150));
const log = (line: string) => process.stdout.write(`[scale ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

let stack: Stack | null = null;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "passport-scale-"));

async function cleanUp(keepLogs: boolean): Promise<void> {
  closeAgents();
  await closeBrowser();
  if (stack) await stopStack(stack);
  await stopAll();
  if (keepLogs) log(`logs kept in ${dir}/logs`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping everything this run started`);
    void cleanUp(true).finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  if (!fs.existsSync(".next/BUILD_ID") || !fs.existsSync(".next/portal-server.js")) throw new Error("no production build in .next: run `npm run build` first (npm run test:scale does)");
  if (!Number.isInteger(instances) || instances < 2 || !Number.isInteger(loadSeconds) || loadSeconds < 10) throw new Error("--instances must be 2 or more, --seconds 10 or more");
  log(`${instances} instances of one build, ${loadSeconds} s of load, in ${dir}`);
  stack = await startStack({ dir, instances, log });
  const ledger = new Ledger();
  const { loadMs, problems: seenInFaults } = await runLoadAndFaults({ stack, ledger, loadSeconds, log });
  log("load over; checking from the ledger");
  const problems = [...seenInFaults, ...(await checkAfterwards({ stack, ledger, log }))];
  const { allowed503, failures } = faultyEntries(ledger);
  process.stdout.write(`\n${summary(ledger, loadMs)}\n\n`);
  log(`503 during the PostgreSQL outage: ${allowed503.length} (allowed)`);
  for (const entry of failures.slice(0, 20)) problems.push(`${entry.kind} at ${(entry.at / 1000).toFixed(1)} s: ${entry.outcome === "lost" ? "no answer" : `HTTP ${entry.status}`}`);
  if (failures.length > 20) problems.push(`… and ${failures.length - 20} more requests without an answer or with a 5xx`);
  if (problems.length > 0) {
    log(`FAILED: ${problems.length} problem(s)`);
    for (const problem of problems) process.stdout.write(`  - ${problem}\n`);
    return 1;
  }
  log("passed: nothing lost, every write readable on every instance, every session valid everywhere, limits held once across instances, apps signed in and refreshed across them");
  return 0;
}

main().then(
  async (code) => {
    await cleanUp(code !== 0);
    process.exit(code);
  },
  async (error: unknown) => {
    log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanUp(true);
    process.exit(1);
  },
);
