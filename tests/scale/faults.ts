import type { Ledger } from "./ledger";
import { databaseState, outageVisitor } from "./outage";
import { ready, startPortal, stopPortal, type Portal } from "./portals";
import { waitFor } from "./processes";
import { balancerUp, type Ports, type Postgres, type Redis } from "./stack";

/**
 * The faults the scale test causes while the load runs, one after the other, each in a window
 * of the ledger (start → everything answering again through the balancer):
 *   kill       SIGKILL of one instance, then started again
 *   postgres   PostgreSQL down for POSTGRES_OUTAGE_MS (the documented window where 503 is the
 *              answer), a browser looking at the public and the signed-in pages meanwhile
 *   redis      a restart of Redis (the limits count in-process meanwhile)
 *   rolling    SIGTERM of every instance in turn, each started again and back in the balancer
 *              before the next one stops
 */
export type FaultContext = {
  ledger: Ledger;
  ports: Ports;
  portals: Portal[];
  envOf: (portal: Portal) => NodeJS.ProcessEnv;
  logDir: string;
  postgres: Postgres;
  redis: Redis;
  log: (line: string) => void;
  /** the balancer's address, for the browser */
  base: string;
  /** what a fault saw go wrong, in words (the run fails on any) */
  problems: string[];
};

/**
 * How long PostgreSQL stays down: well past what deploy/haproxy.cfg's checks need to take an
 * instance out (fall 3 × inter 1 s, plus one inter), so an instance whose readiness followed the
 * shared database would be out of the balancer for most of it.
 */
export const POSTGRES_OUTAGE_MS = 12_000;

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
  const account = context.ledger.accounts[0];
  if (!account) throw new Error("no account was registered before the PostgreSQL outage");
  const visitor = await outageVisitor(context.base, context.ports, context.portals.length, account);
  const window = context.ledger.open("PostgreSQL outage", true);
  try {
    await context.postgres.stop();
    const end = performance.now() + POSTGRES_OUTAGE_MS;
    context.log(`  PostgreSQL stopped (fast shutdown) for ${POSTGRES_OUTAGE_MS / 1000} s`);
    await waitFor("every instance to see the database down", async () => (await Promise.all(context.portals.map(databaseState))).every((state) => state !== "ok"));
    // the outage's whole length: a browser looks again and again, the balancer's checks run on
    const seen = new Set<string>();
    while (performance.now() < end) for (const problem of await visitor.look()) seen.add(problem);
    context.problems.push(...seen);
    context.log(`  during the outage: ${visitor.summary()}`);
  } finally {
    await visitor.close();
  }
  await context.postgres.start(context.logDir);
  await waitFor("every instance's database answering again", async () => (await Promise.all(context.portals.map(databaseState))).every((state) => state === "ok"));
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
