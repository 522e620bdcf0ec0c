import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Every process the scale test starts, by its own id, so that it stops each of them itself: at
 * the end, on a failure and on Ctrl-C (stopAll). Output goes to a log file per process in the
 * run's directory, printed when something fails.
 */
export type Proc = { name: string; child: ChildProcess; log: string; exited: Promise<number | null> };

const running = new Set<Proc>();

export function start(name: string, command: string, args: string[], options: { env?: NodeJS.ProcessEnv; logDir: string; cwd?: string }): Proc {
  const log = path.join(options.logDir, `${name}.log`);
  const out = fs.openSync(log, "a");
  const child = spawn(command, args, { env: options.env ?? process.env, cwd: options.cwd, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const proc: Proc = { name, child, log, exited: new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null)))) };
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

export function isRunning(proc: Proc): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

/** Signals the process and waits for it (SIGKILL after `graceMs`). */
export async function stop(proc: Proc, signal: NodeJS.Signals = "SIGTERM", graceMs = 60_000): Promise<void> {
  if (!isRunning(proc)) return;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((proc) => stop(proc, "SIGTERM", 20_000)));
}

export function tail(proc: Proc, lines = 30): string {
  try {
    return fs.readFileSync(proc.log, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `ready` is true; no fixed budget but a generous one, failing early when the process died. */
export async function waitFor(what: string, ready: () => Promise<boolean>, options: { proc?: Proc; limitMs?: number } = {}): Promise<void> {
  const limit = performance.now() + (options.limitMs ?? 600_000);
  for (;;) {
    if (options.proc && !isRunning(options.proc)) throw new Error(`${what}: the process exited\n${tail(options.proc)}`);
    if (await ready().catch(() => false)) return;
    if (performance.now() > limit) throw new Error(`${what}: not ready in time${options.proc ? `\n${tail(options.proc)}` : ""}`);
    await sleep(250);
  }
}
