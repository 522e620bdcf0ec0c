/**
 * The bench's child processes (bench/run.ts and its per-core part): each in its own process
 * group, all ended at the end, on an error and on Ctrl-C; the portal's server started as
 * `npm start` starts it, and polled until it answers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const ROOT = path.resolve(__dirname, "..");
export const TSX_BIN = path.join(ROOT, "node_modules", ".bin", "tsx");
export const NODE_BIN = path.join(ROOT, "node_modules", ".bin", "node");

export const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

// ---------------------------------------------------------------------------------------------
// Child processes: each in its own process group, all ended at the end, on error and on Ctrl-C.

/**
 * `stopSignal`: what asks it to stop (SIGTERM unless said); PostgreSQL wants SIGINT, its fast
 * shutdown: SIGTERM waits for its clients, and its backends are group leaders of their own
 * (setsid), so a group SIGKILL would orphan a busy one.
 */
export type Child = { name: string; process: ChildProcess; output: string[]; exited: Promise<number | null>; stopSignal?: NodeJS.Signals };
const children = new Set<Child>();
const tempDirs = new Set<string>();

/** Only what the servers need from the caller's environment, so a shell's DATABASE_URL or SMTP_URL never leaks in. */
export function baseEnv(): NodeJS.ProcessEnv {
  const keep = ["PATH", "HOME", "USER", "SHELL", "LANG", "LC_ALL", "TZ", "TMPDIR", "UV_THREADPOOL_SIZE", "SESSION_SECRET"];
  const env: Record<string, string> = {};
  for (const key of keep) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: "--dns-result-order=ipv4first", LOG_LEVEL: "warn" };
}

export function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => resolve(code));
    child.on("error", (error) => {
      output.push(String(error));
      resolve(-1);
    });
  });
  const entry: Child = { name, process: child, output, exited };
  children.add(entry);
  void exited.then(() => children.delete(entry));
  return entry;
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  const pid = child.process.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

export async function stop(child: Child): Promise<void> {
  if (!children.has(child)) return;
  signalGroup(child, child.stopSignal ?? "SIGTERM");
  const ended = await Promise.race([child.exited.then(() => true), sleep(child.stopSignal ? 60_000 : 5000, undefined, { ref: false }).then(() => false)]);
  if (!ended) {
    signalGroup(child, "SIGKILL");
    await child.exited;
  }
  children.delete(child);
}

export async function cleanup(): Promise<void> {
  await Promise.all([...children].map(stop));
  await Promise.all([...tempDirs].map((dir) => rm(dir, { recursive: true, force: true })));
  tempDirs.clear();
}

process.on("exit", () => {
  for (const child of children) signalGroup(child, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the servers`);
    void cleanup().finally(() => process.exit(130));
  });
}

export async function tempDir(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `passport-bench-${tag}-`));
  tempDirs.add(dir);
  return dir;
}

export async function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = start(name, command, args, env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${child.output.join("").slice(-3000)}`);
  return child.output.join("");
}

// ---------------------------------------------------------------------------------------------
// Servers

export const url = (port: number, pathname: string) => `http://127.0.0.1:${port}${pathname}`;

/** Polls until `pathname` answers 200; returns the seconds since `since`. */
export async function waitFor200(child: Child, port: number, pathname: string, since: number, timeoutSeconds = 120): Promise<number> {
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (performance.now() - since < timeoutSeconds * 1000) {
    if (exited) throw new Error(`${child.name} stopped before answering:\n${child.output.join("").slice(-3000)}`);
    try {
      const response = await fetch(url(port, pathname), { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status === 200) return (performance.now() - since) / 1000;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${child.name}: no 200 from ${pathname} within ${timeoutSeconds} s:\n${child.output.join("").slice(-3000)}`);
}

/**
 * The portal as `npm start` runs it (its own server, built to .next/portal-server.js). `prefix` runs it through another
 * command that execs it, keeping its pid (`taskset -c 1`); `nodeArgs` go before the script
 * (the bench's query counter, bench/per-core/count-queries.mts). `seconds` is the time to the
 * first 200 of `/en/login` (the cold start's line). The page answers before the database has
 * opened (or, in an empty `DATA_DIR`, been created), which goes on in the same process: unless
 * `firstAnswerOnly`, it also waits for `/readyz`, so no load is measured while the server is
 * still opening its database.
 */
export async function startPortal(
  name: string,
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
  options: { prefix?: string[]; nodeArgs?: string[]; firstAnswerOnly?: boolean } = {},
): Promise<{ child: Child; seconds: number }> {
  const env = { ...baseEnv(), ...extra, PORT: String(port), DATA_DIR: dataDir, IP_LIMIT_EXEMPT: "127.0.0.1" };
  const since = performance.now();
  const args = [...(options.nodeArgs ?? []), ".next/portal-server.js", "-H", "localhost", "-p", String(port)];
  const [command, ...prefixArgs] = [...(options.prefix ?? []), NODE_BIN, ...args];
  const child = start(name, command ?? NODE_BIN, [...prefixArgs], env);
  const seconds = await waitFor200(child, port, "/en/login", since);
  if (!options.firstAnswerOnly) await waitFor200(child, port, "/readyz", performance.now());
  return { child, seconds };
}
