import type { Ledger } from "./ledger";
import { ready, startPortal, stopPortal, type Portal } from "./portals";
import { sleep, waitFor } from "./processes";
import { balancerUp, type Ports, type Postgres, type Redis } from "./stack";

/**
 * The faults the scale test causes while the load runs, one after the other, each in a window
 * of the ledger (start → everything answering again through the balancer):
 *   kill       SIGKILL of one instance, then started again
 *   postgres   a fast restart of PostgreSQL (the documented window where 503 is the answer)
 *   redis      a restart of Redis (the limits count in-process meanwhile)
 *   rolling    SIGTERM of every instance in turn, each started again and back in the balancer
 *              before the next one stops
 */
export type FaultContext = { ledger: Ledger; ports: Ports; portals: Portal[]; envOf: (portal: Portal) => NodeJS.ProcessEnv; logDir: string; postgres: Postgres; redis: Redis; log: (line: string) => void };

/** Until HAProxy itself sends traffic to every instance again. */
async function allUp(context: FaultContext): Promise<void> {
  await waitFor("every instance back in the balancer", async () => (await balancerUp(context.ports)).size === context.portals.length);
}

async function restartPortal(context: FaultContext, portal: Portal, signal: NodeJS.Signals): Promise<void> {
  await stopPortal(portal, signal);
  context.log(`  ${portal.name} stopped (${signal}), starting it again`);
  await startPortal(portal, context.envOf(portal), context.logDir);
  await allUp(context);
}

export async function killOne(context: FaultContext): Promise<void> {
  const window = context.ledger.open("SIGKILL one instance");
  const victim = context.portals[context.portals.length - 1] as Portal;
  await restartPortal(context, victim, "SIGKILL");
  context.ledger.close(window);
}

export async function restartPostgres(context: FaultContext): Promise<void> {
  const window = context.ledger.open("PostgreSQL restart", true);
  await context.postgres.stop();
  context.log("  PostgreSQL stopped (fast shutdown), starting it again");
  await sleep(1_000);
  await context.postgres.start(context.logDir);
  await waitFor("every instance ready after PostgreSQL", async () => (await Promise.all(context.portals.map(ready))).every(Boolean));
  await allUp(context);
  context.ledger.close(window);
}

export async function restartRedis(context: FaultContext): Promise<void> {
  const window = context.ledger.open("Redis restart");
  await context.redis.stop();
  context.log("  Redis stopped, starting it again");
  await context.redis.start(context.logDir);
  await waitFor("every instance ready after Redis", async () => (await Promise.all(context.portals.map(ready))).every(Boolean));
  await allUp(context);
  context.ledger.close(window);
}

export async function rollingRestart(context: FaultContext): Promise<void> {
  const window = context.ledger.open("rolling SIGTERM restart");
  for (const portal of context.portals) await restartPortal(context, portal, "SIGTERM");
  context.ledger.close(window);
}
