import { killOne, restartPostgres, restartRedis, rollingRestart, type FaultContext } from "./faults";
import type { Ledger } from "./ledger";
import { Client } from "./load";
import { sleep } from "./processes";
import type { Stack } from "./setup";

/**
 * The load and the faults: bounded clients run until the load time is over and the last fault
 * has been recovered from (plus a short tail, so every fault window has traffic after it); the
 * faults come one after the other at fixed shares of the load time.
 */
const CLIENTS_PER_INSTANCE = 2;

/** Resolves with the load's length in ms and what the faults saw go wrong, in words. */
export async function runLoadAndFaults({ stack, ledger, loadSeconds, log }: { stack: Stack; ledger: Ledger; loadSeconds: number; log: (line: string) => void }): Promise<{ loadMs: number; problems: string[] }> {
  const runId = Date.now().toString(36);
  const context = { base: stack.base, sink: stack.sink, ledger, codes: stack.codes, runId };
  const clients = Array.from({ length: CLIENTS_PER_INSTANCE * stack.portals.length }, (_, id) => new Client(id, context));
  const loadMs = loadSeconds * 1000;
  let faultsDone = false;
  let stopAt = Number.POSITIVE_INFINITY;
  const until = () => ledger.now() >= loadMs && faultsDone && ledger.now() >= stopAt;
  log(`load: ${clients.length} clients through the balancer`);
  const running = Promise.all(clients.map((client) => client.run(until)));

  const faults: FaultContext = { ledger, ports: stack.ports, portals: stack.portals, envOf: stack.envOf, logDir: stack.logDir, postgres: stack.postgres, redis: stack.redis, log, base: stack.base, problems: [] };
  const plan: Array<[number, string, (context: FaultContext) => Promise<void>]> = [
    [0.1, "SIGKILL of one instance", killOne],
    [0.3, "PostgreSQL outage", restartPostgres],
    [0.5, "Redis restart", restartRedis],
    [0.65, "rolling SIGTERM restart", rollingRestart],
  ];
  try {
    for (const [share, name, fault] of plan) {
      const wait = share * loadMs - ledger.now();
      if (wait > 0) await sleep(wait);
      log(`fault: ${name}`);
      await fault(faults);
      log(`  recovered (${name})`);
    }
  } finally {
    faultsDone = true;
    stopAt = ledger.now() + 5_000;
  }
  await running;
  return { loadMs: ledger.now(), problems: faults.problems };
}
