import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { request } from "./http";
import { start, stop, waitFor, type Proc } from "./processes";

/**
 * The shared servers of the scale test, each a real server from Debian or npm on loopback,
 * started and stopped by the test: PostgreSQL (Debian's, a throwaway cluster, as
 * tests/backend/support/run-backend-tests.sh makes one), Redis, s3rver (S3), the SMTP sink of
 * the e2e suite (tests/e2e/support/smtp-sink.ts) and HAProxy with deploy/haproxy.cfg.
 */
export const NODE = path.resolve("node_modules/.bin/node");

export type Ports = { balancer: number; stats: number; postgres: number; redis: number; s3: number; smtp: number; smtpHttp: number; portals: number[]; metrics: number[] };

export function portsFrom(base: number, instances: number): Ports {
  return {
    balancer: base,
    stats: base + 1,
    postgres: base + 10,
    redis: base + 11,
    s3: base + 12,
    smtp: base + 13,
    smtpHttp: base + 14,
    portals: Array.from({ length: instances }, (_, i) => base + 20 + i),
    metrics: Array.from({ length: instances }, (_, i) => base + 40 + i),
  };
}

function pgBin(): string {
  const root = "/usr/lib/postgresql";
  const version = fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!version) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  return path.join(root, version, "bin");
}

/** PostgreSQL refuses to run as root: run it as the postgres user then (setpriv execs it, so the pid is the server's). */
function asPostgres(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--reset-env", command, ...args]];
}

export class Postgres {
  proc: Proc | null = null;
  readonly url: string;
  private readonly data: string;

  constructor(
    private readonly dir: string,
    private readonly port: number,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    this.data = path.join(dir, "pgdata");
  }

  async init(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    if (process.getuid?.() === 0) {
      // the run's directory is private (mkdtemp): the postgres user must reach its own part of it
      fs.chmodSync(path.dirname(this.dir), 0o755);
      execFileSync("chown", ["postgres:", this.dir]);
    }
    const [command, args] = asPostgres(path.join(pgBin(), "initdb"), ["-D", this.data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
    execFileSync(command, args, { stdio: "ignore" });
  }

  async start(logDir: string): Promise<void> {
    const [command, args] = asPostgres(path.join(pgBin(), "postgres"), ["-D", this.data, "-p", String(this.port), "-k", this.dir, "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]);
    this.proc = start("postgres", command, args, { logDir });
    const isReady = path.join(pgBin(), "pg_isready");
    await waitFor("PostgreSQL", async () => {
      try {
        execFileSync(isReady, ["-q", "-h", "127.0.0.1", "-p", String(this.port)]);
        return true;
      } catch {
        return false;
      }
    }, { proc: this.proc });
  }

  /** A fast shutdown (SIGINT: every connection is ended), as an operator's restart does. */
  async stop(): Promise<void> {
    if (this.proc) await stop(this.proc, "SIGINT");
  }
}

export class Redis {
  proc: Proc | null = null;
  constructor(
    private readonly dir: string,
    private readonly port: number,
  ) {}

  async start(logDir: string): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    this.proc = start("redis", "redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", this.dir], { logDir });
    await waitFor("Redis", async () => {
      try {
        return execFileSync("redis-cli", ["-p", String(this.port), "ping"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim() === "PONG";
      } catch {
        return false;
      }
    }, { proc: this.proc });
  }

  async stop(): Promise<void> {
    if (this.proc) await stop(this.proc, "SIGTERM");
  }
}

export async function startS3(dir: string, port: number, bucket: string, logDir: string): Promise<Proc> {
  fs.mkdirSync(dir, { recursive: true });
  const proc = start("s3rver", NODE, [path.resolve("node_modules/s3rver/bin/s3rver.js"), "-d", dir, "-a", "127.0.0.1", "-p", String(port), "--silent", "--configure-bucket", bucket], { logDir });
  await waitFor("s3rver", async () => (await request(`http://127.0.0.1:${port}/${bucket}`)).status < 500, { proc });
  return proc;
}

export async function startSmtpSink(ports: Ports, logDir: string): Promise<Proc> {
  const env = { ...process.env, SMTP_SINK_PORT: String(ports.smtp), SMTP_SINK_HTTP_PORT: String(ports.smtpHttp) };
  const proc = start("smtp-sink", NODE, ["--import", "tsx", "tests/e2e/support/smtp-sink.ts"], { env, logDir });
  await waitFor("the SMTP sink", async () => (await request(`http://127.0.0.1:${ports.smtpHttp}/health`)).status === 200, { proc });
  return proc;
}

/**
 * deploy/haproxy.cfg with this run's addresses in the places it marks "address": the frontend's
 * bind, one server line per instance, the stats bind. Everything else is the operators' file.
 */
export function haproxyConfig(ports: Ports): string {
  const source = fs.readFileSync("deploy/haproxy.cfg", "utf8");
  const lines = source.split("\n");
  const out: string[] = [];
  let section = "";
  for (const line of lines) {
    if (/^\S/.test(line)) section = line.trim();
    if (section === "frontend portal" && /^\s+bind :80$/.test(line)) out.push(`    bind 127.0.0.1:${ports.balancer}`);
    else if (section === "frontend stats" && /^\s+bind /.test(line)) out.push(`    bind 127.0.0.1:${ports.stats}`);
    else if (section === "backend portals" && /^\s+server portal\d/.test(line)) {
      if (line.includes("portal1")) ports.portals.forEach((port, i) => out.push(`    server portal${i + 1} 127.0.0.1:${port}`));
    } else out.push(line);
  }
  const config = out.join("\n");
  if (!config.includes(`bind 127.0.0.1:${ports.balancer}`) || !config.includes(`server portal1 127.0.0.1:${ports.portals[0]}`)) throw new Error("deploy/haproxy.cfg: the marked addresses were not found");
  return config;
}

export async function startHaproxy(ports: Ports, dir: string, logDir: string): Promise<Proc> {
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, haproxyConfig(ports));
  execFileSync("/usr/sbin/haproxy", ["-c", "-q", "-f", file]);
  const proc = start("haproxy", "/usr/sbin/haproxy", ["-db", "-f", file], { logDir });
  await waitFor("HAProxy", async () => (await request(`http://127.0.0.1:${ports.stats}/stats;csv`)).status === 200, { proc });
  return proc;
}

/** Which instances HAProxy itself sends traffic to now (its stats, status UP). */
export async function balancerUp(ports: Ports): Promise<Set<string>> {
  const csv = (await request(`http://127.0.0.1:${ports.stats}/stats;csv`)).body.toString("utf8");
  const up = new Set<string>();
  for (const row of csv.split("\n")) {
    const [proxy, server, ...rest] = row.split(",");
    if (proxy === "portals" && server?.startsWith("portal") && rest[15]?.startsWith("UP")) up.add(server);
  }
  return up;
}
