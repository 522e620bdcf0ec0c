import { randomBytes } from "node:crypto";
import { request } from "./http";
import { start, stop, waitFor, type Proc } from "./processes";
import { NODE, type Ports } from "./stack";

/**
 * The portal instances: one production build (`npm run build`, made once), each instance
 * `node .next/portal-server.js` (what `npm start` runs) on its own port, with the same
 * database, Redis, bucket, SMTP server and secrets (docs/deploy.md lists this environment).
 */
export type Portal = { index: number; name: string; port: number; url: string; proc: Proc | null };

export const SECRETS = {
  CODE_SECRET: randomBytes(32).toString("base64url"),
  SESSION_SECRET: randomBytes(32).toString("base64url"),
  PORTAL_SERVICES_KEY: randomBytes(32).toString("base64url"),
  METRICS_TOKEN: randomBytes(24).toString("base64url"),
};

/** The load's clients bind this address, exempt from per-IP limits; the limit probes use others. */
export const LOAD_ADDRESS = "127.0.0.2";
export const DRAIN_SECONDS = 6;
export const BUCKET = "passport-avatars";

export function instanceEnv(ports: Ports, databaseUrl: string, index: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_OPTIONS: "--dns-result-order=ipv4first",
    LOG_LEVEL: "warn",
    PORT: String(ports.portals[index]),
    PUBLIC_ORIGIN: `http://127.0.0.1:${ports.balancer}`,
    TRUST_PROXY: "1",
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_PUBLIC_URL: `http://127.0.0.1:${ports.s3}/${BUCKET}`,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    METRICS_PORT: String(ports.metrics[index]),
    IP_LIMIT_EXEMPT: LOAD_ADDRESS,
    // a cheap proof of work: the load solves one per registration and redemption
    ALTCHA_COST: "50",
    ALTCHA_MAX_COUNTER: "30",
    ...SECRETS,
  };
}

export function portalsFor(ports: Ports): Portal[] {
  return ports.portals.map((port, index) => ({ index, name: `portal${index + 1}`, port, url: `http://127.0.0.1:${port}`, proc: null }));
}

export async function ready(portal: Portal): Promise<boolean> {
  return (await request(`${portal.url}/readyz`, { timeoutMs: 10_000 })).status === 200;
}

/** Starts the instance and waits (no fixed budget) until its /readyz says 200. */
export async function startPortal(portal: Portal, env: NodeJS.ProcessEnv, logDir: string): Promise<void> {
  portal.proc = start(portal.name, NODE, [".next/portal-server.js", "-H", "127.0.0.1", "-p", String(portal.port)], { env, logDir });
  await waitFor(portal.name, () => ready(portal), { proc: portal.proc });
}

export async function stopPortal(portal: Portal, signal: NodeJS.Signals): Promise<void> {
  if (portal.proc) await stop(portal.proc, signal, 120_000);
  portal.proc = null;
}
