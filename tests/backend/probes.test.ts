import { spawn, type ChildProcessByStdio } from "node:child_process";
import fs from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { shutdownBackend } from "@/lib/backend/lifecycle";
import { OPEN_TIMEOUT, pgliteTemplate } from "./support/harness";
import { ownPostgres, POSTGRES_BIN, type OwnPostgres } from "./support/own-postgres";
import { TEST_DATABASE } from "./support/postgres";
import { scratchRoot } from "./support/scratch";

/**
 * The portal server's probes, metrics and drain (lib/server/probes.ts, metrics.ts, stop.ts), in a
 * child process that serves them as server.ts does (tests/backend/support/probe-server.ts) on a
 * copy of a migrated PGlite directory: what a balancer and an operator see. The same over the
 * production build: tests/e2e/operations.spec.ts and the scale test (tests/scale/).
 */
const PROCESS_TIMEOUT = 180_000;
const NODE = path.join(process.cwd(), "node_modules", ".bin", "node");
const TOKEN = "metrics-token-for-the-test-0123456789";
let template: string;
const dirs: string[] = [];
beforeAll(async () => {
  template = await pgliteTemplate();
  await shutdownBackend();
}, OPEN_TIMEOUT);
const children: Run[] = [];
let own: OwnPostgres | null = null;
afterAll(async () => {
  // a child a failed test left running is stopped by its pid (jest would wait for it)
  for (const run of children) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
  await Promise.all(children.map((run) => run.exited));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await own?.remove();
});

/** A port nobody listens on right now (METRICS_PORT takes no 0). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Run = { child: ChildProcessByStdio<null, Readable, Readable>; stdout: string[]; exited: Promise<number | null>; port: number };

async function until<T>(what: () => T | undefined | false, ms = 150_000): Promise<T> {
  for (let waited = 0; ; waited += 50) {
    const found = what();
    if (found) return found;
    if (waited > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function start(env: Record<string, string>): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(scratchRoot(), "passport-probes-"));
  dirs.push(dir);
  fs.cpSync(path.join(template, "pglite"), path.join(dir, "pglite"), { recursive: true });
  const child = spawn(NODE, ["--import", "tsx", "tests/backend/support/probe-server.ts"], {
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "info", DATABASE_URL: "", DATA_DIR: dir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => stdout.push(chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const run: Run = { child, stdout, exited, port: 0 };
  children.push(run);
  run.port = Number(await until(() => /ready (\d+)\n/.exec(stdout.join(""))?.[1]));
  return run;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.text() };
}

// the servers run on a PGlite copy whichever database the suite runs on: one run is enough
const onPglite = process.env.TEST_POSTGRES_URL ? test.skip : test;

onPglite(
  "healthz and readyz answer small JSON; metrics only with the bearer token; SIGTERM turns readyz 503 at once, serves through the drain, finishes the request under way and exits 0",
  async () => {
    // a drain long enough for every check below on a busy machine; a second SIGTERM ends it
    const portal = await start({ SHUTDOWN_DRAIN_SECONDS: "60", METRICS_TOKEN: TOKEN, SLOW_MS: "3500", ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}) });
    const base = `http://127.0.0.1:${portal.port}`;
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, body: '{"status":"ok"}' });
    const ready = await get(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ready", checks: { draining: false, database: "ok", redis: process.env.TEST_REDIS_URL ? "ok" : "none" } });
    expect((await fetch(`${base}/readyz`, { method: "POST" })).status).toBe(405);

    // a few requests to count, then the metrics: refused without the token or with a wrong one
    for (let i = 0; i < 3; i++) await get(`${base}/v1/anything`);
    expect((await get(`${base}/metrics`)).status).toBe(401);
    expect((await get(`${base}/metrics`, { authorization: "Bearer not-the-token-at-all" })).status).toBe(401);
    const metrics = await get(`${base}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^passport_http_requests_total\{group="services",status="200"\} 3$/m);
    expect(metrics.body).toMatch(/^passport_http_request_duration_seconds_count\{group="services"\} 3$/m);
    expect(metrics.body).toMatch(/^passport_db_pool_connections\{driver="pglite"\} 1$/m);
    expect(metrics.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(metrics.body).toMatch(/^process_resident_memory_bytes \d/m);
    expect(metrics.body).toContain("# TYPE passport_sign_ins_total counter");

    const underWay = fetch(`${base}/slow`).then(async (answer) => `${answer.status} ${await answer.text()}`);
    await until(() => portal.stdout.join("").includes("slow request received\n"));
    portal.child.kill("SIGTERM");
    // once the server has taken the signal (its line), the first /readyz asked is 503: it turned at once
    await until(() => portal.stdout.join("").includes('"msg":"draining: '));
    const readyz = await get(`${base}/readyz`);
    expect(readyz.status).toBe(503);
    expect(JSON.parse(readyz.body)).toEqual({ status: "not ready", checks: { draining: true } });
    // during the drain a new request is still served (the balancer may not have noticed yet)
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, body: '{"status":"ok"}' });
    expect(await get(`${base}/`)).toEqual({ status: 200, body: "ok" });
    // a second signal ends the drain (an operator's second Ctrl-C); the request under way still finishes
    portal.child.kill("SIGTERM");
    expect(await underWay).toBe("200 done");
    expect(await portal.exited).toBe(0);
    const said = portal.stdout.join("");
    expect(said).toContain('"msg":"draining: /readyz answers 503; requests are still served until the drain ends"');
    expect(said).toContain('"msg":"the services\' database is closed"');
    expect(said).not.toContain(TOKEN);
  },
  PROCESS_TIMEOUT,
);

onPglite(
  "readyz is 503 while Redis is configured and does not answer; metrics on their own loopback port, not on the main one",
  async () => {
    const metricsPort = await freePort();
    const portal = await start({ REDIS_URL: "redis://127.0.0.1:1", METRICS_PORT: String(metricsPort) });
    const base = `http://127.0.0.1:${portal.port}`;
    const ready = await get(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: "not ready", checks: { draining: false, database: "ok", redis: "unavailable" } });
    expect((await get(`${base}/healthz`)).status).toBe(200);
    expect((await get(`${base}/metrics`)).status).toBe(404);
    const metrics = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain("# TYPE passport_http_requests_total counter");
    expect((await get(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    portal.child.kill("SIGTERM");
    expect(await portal.exited).toBe(0);
  },
  PROCESS_TIMEOUT,
);

// a PostgreSQL of this test's own, which it stops: the suite's PostgreSQL run only
const postgresRun = TEST_DATABASE === "postgres" && POSTGRES_BIN !== null;

(postgresRun ? test : test.skip)(
  "once ready, readyz stays 200 through a database outage (shared by every instance) and names it; healthz too; the database is ok again after",
  async () => {
    own = await ownPostgres();
    const portal = await start({ DATABASE_URL: own.url });
    const base = `http://127.0.0.1:${portal.port}`;
    expect(JSON.parse((await get(`${base}/readyz`)).body)).toEqual({ status: "ready", checks: { draining: false, database: "ok", redis: "none" } });

    await own.stop();
    const during = await get(`${base}/readyz`);
    expect(during.status).toBe(200);
    expect(JSON.parse(during.body)).toEqual({ status: "ready", checks: { draining: false, database: "unavailable", redis: "none" } });
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, body: '{"status":"ok"}' });

    await own.start();
    // the pool reconnects by itself: polled until the probe names the database ok again
    let again = JSON.parse((await get(`${base}/readyz`)).body) as { checks?: { database?: string } };
    for (let tries = 0; again.checks?.database !== "ok" && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = JSON.parse((await get(`${base}/readyz`)).body) as { checks?: { database?: string } };
    }
    expect(again).toEqual({ status: "ready", checks: { draining: false, database: "ok", redis: "none" } });
    portal.child.kill("SIGTERM");
    expect(await portal.exited).toBe(0);
  },
  PROCESS_TIMEOUT,
);
