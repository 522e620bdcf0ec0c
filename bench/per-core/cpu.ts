/**
 * How the per-core part counts cores (docs/performance.md): the servers it measures run pinned
 * to one CPU with util-linux's `taskset`, the bench (the load generator) pinned to the others,
 * and the CPU time the servers consumed is read from /proc, summed over their process groups
 * (every thread and child process: argon2's libuv threads, PostgreSQL's backends).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { parseProcStat } from "./maths";

export type Pinning = {
  /** the CPU list the servers run on (`taskset -c`), or null when the machine has one CPU */
  server: string | null;
  /** the CPU list of the bench itself, the load generator */
  generator: string | null;
  /** cores the servers were given: what a rate is divided by */
  cores: number;
  /** the command prefix that pins a server */
  prefix: string[];
  note: string;
};

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The last CPU for the servers, the rest for the load generator; all of them when that cannot be done. */
export function choosePinning(): Pinning {
  const count = os.cpus().length;
  if (count < 2 || !hasTaskset()) {
    return {
      server: null,
      generator: null,
      cores: count,
      prefix: [],
      note: count < 2 ? "one CPU: server and load generator share it" : "taskset (util-linux) missing: nothing pinned, cores = all CPUs",
    };
  }
  const last = count - 1;
  const generator = last === 1 ? "0" : `0-${last - 1}`;
  return { server: String(last), generator, cores: 1, prefix: ["taskset", "-c", String(last)], note: `servers pinned to CPU ${last}, the load generator to CPU ${generator}` };
}

/** Pins every thread of this process (the bench and its in-process load generator). */
export function pinSelf(cpus: string): void {
  execFileSync("taskset", ["-a", "-p", "-c", cpus, String(process.pid)], { stdio: "ignore" });
}

let ticksPerSecond: number | null = null;
function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU seconds (user + system) of every live process in the given process groups, with the
 * children each has reaped: a PostgreSQL backend that ends moves its time into the postmaster's.
 */
export function groupCpuSeconds(groups: readonly number[]): number {
  const wanted = new Set(groups);
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const stat = parseProcStat(text);
    if (stat && wanted.has(stat.pgrp)) ticks += stat.ticks;
  }
  return ticks / clockTicks();
}
