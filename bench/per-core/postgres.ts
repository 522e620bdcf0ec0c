/**
 * A throwaway PostgreSQL for the per-core part, from Debian's packages, as
 * tests/backend/support/run-backend-tests.sh starts one: `initdb` in a temporary directory,
 * the server on 127.0.0.1 only, run as the postgres user when the bench runs as root (PostgreSQL
 * refuses root), stopped by the bench. Unlike the tests' server it keeps its durable defaults
 * (fsync, synchronous commit, full-page writes): a sign-in's writes are paid as in a deployment.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { baseEnv, run, start, tempDir, type Child } from "../children";

export type Postgres = { child: Child; url: string; version: string; data: string };

/** The newest installed /usr/lib/postgresql/<n>/bin, or null. */
export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, "bin", "postgres")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, "bin") : null;
}

const isRoot = () => process.getuid?.() === 0;

/** As the postgres user when root (setpriv execs the command itself, so the pid stays the server's). */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot() ? ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--reset-env", command, ...args]] : [command, args];
}

/** Starts a server on `port`, run through `prefix` (the pinning), with `settings` beside the defaults; resolves once it accepts connections. */
export async function startPostgres(port: number, prefix: string[], settings: Record<string, string> = {}): Promise<Postgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  const dir = await tempDir("postgres");
  if (isRoot()) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
  const data = path.join(dir, "data");
  const [initdb, initArgs] = asPostgres(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  await run("initdb", initdb, initArgs, baseEnv());
  const [postgres, args] = asPostgres(path.join(bin, "postgres"), ["-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=50", ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])]);
  const [command = postgres, ...prefixArgs] = [...prefix, postgres, ...args];
  const child = start("postgresql", command, prefixArgs, baseEnv());
  child.stopSignal = "SIGINT";
  const ready = path.join(bin, "pg_isready");
  for (let i = 0; i < 300; i += 1) {
    try {
      execFileSync(ready, ["-q", "-h", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
      const version = execFileSync(path.join(bin, "postgres"), ["--version"], { encoding: "utf8" }).trim();
      return { child, url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, data };
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`PostgreSQL did not accept connections on :${port}:\n${child.output.join("").slice(-2000)}`);
}

function uidOf(user: string): number {
  return Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
}

function gidOf(user: string): number {
  return Number(execFileSync("id", ["-g", user], { encoding: "utf8" }).trim());
}
