import fs from "node:fs";
import path from "node:path";
import { registerScaleApp } from "./oidc";
import { instanceEnv, portalsFor, startPortal, stopPortal, BUCKET, SECRETS, type Portal } from "./portals";
import { stop, waitFor, type Proc } from "./processes";
import { balancerUp, portsFrom, Postgres, Redis, startHaproxy, startS3, startSmtpSink, type Ports } from "./stack";

/**
 * Everything the scale test runs, started in order: PostgreSQL, Redis, s3rver and the SMTP sink
 * together; the database migrated and seeded (redemption codes, made with the operators' own
 * function, and an app registered with the OpenID Provider) by this process; the instances together (they migrate once, under an advisory
 * lock); HAProxy last, until it sends traffic to every instance.
 */
export type Stack = {
  ports: Ports;
  logDir: string;
  postgres: Postgres;
  redis: Redis;
  others: Proc[];
  portals: Portal[];
  envOf: (portal: Portal) => NodeJS.ProcessEnv;
  codes: string[];
  /** the OpenID Provider's client the code flows use (oidc.ts) */
  oidcClientId: string;
  base: string;
  sink: string;
};

async function seed(databaseUrl: string, count: number): Promise<{ codes: string[]; oidcClientId: string }> {
  // the operators' function (lib/backend/cli/exchange.ts), on the run's database and secrets
  Object.assign(process.env, { DATABASE_URL: databaseUrl, CODE_SECRET: SECRETS.CODE_SECRET, LOG_LEVEL: "warn" });
  const { createBatch } = await import("@/lib/backend/cli/exchange");
  const { shutdownBackend } = await import("@/lib/backend/lifecycle");
  try {
    const { codes } = await createBatch({ benefitEn: "Scale test month", benefitZh: "扩容测试月卡", count, benefitDays: 30, validUntil: new Date(Date.now() + 86_400_000) });
    return { codes, oidcClientId: await registerScaleApp() };
  } finally {
    await shutdownBackend();
  }
}

export async function startStack({ dir, instances, log }: { dir: string; instances: number; log: (line: string) => void }): Promise<Stack> {
  const ports = portsFrom(Number(process.env.SCALE_BASE_PORT ?? 4600), instances);
  const logDir = path.join(dir, "logs");
  fs.mkdirSync(logDir, { recursive: true });
  const postgres = new Postgres(path.join(dir, "postgres"), ports.postgres);
  const redis = new Redis(path.join(dir, "redis"), ports.redis);
  const portals = portalsFor(ports);
  const envOf = (portal: Portal) => instanceEnv(ports, postgres.url, portal.index);
  const stack: Stack = { ports, logDir, postgres, redis, others: [], portals, envOf, codes: [], oidcClientId: "", base: `http://127.0.0.1:${ports.balancer}`, sink: `http://127.0.0.1:${ports.smtpHttp}` };
  log("starting PostgreSQL, Redis, s3rver and the SMTP sink");
  await postgres.init();
  const [s3, smtp] = await Promise.all([startS3(path.join(dir, "s3"), ports.s3, BUCKET, logDir), startSmtpSink(ports, logDir), postgres.start(logDir), redis.start(logDir)]);
  stack.others.push(s3, smtp);
  log("migrating the database, making redemption codes and registering an app");
  Object.assign(stack, await seed(postgres.url, 2_000));
  log(`starting ${instances} instances`);
  await Promise.all(portals.map((portal) => startPortal(portal, envOf(portal), logDir)));
  log("starting HAProxy (deploy/haproxy.cfg)");
  stack.others.push(await startHaproxy(ports, dir, logDir));
  await waitFor("HAProxy sends traffic to every instance", async () => (await balancerUp(ports)).size === instances);
  return stack;
}

export async function stopStack(stack: Stack): Promise<void> {
  const haproxy = stack.others.at(-1);
  if (haproxy?.name === "haproxy") await stop(haproxy);
  await Promise.all(stack.portals.map((portal) => stopPortal(portal, "SIGTERM")));
  await Promise.all([...stack.others.map((proc) => stop(proc)), stack.postgres.stop(), stack.redis.stop()]);
}
