import { spawn, type ChildProcessByStdio } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { SMTP_SINK_URL } from "../../../playwright.config";

/**
 * A portal server a spec starts itself (`node .next/portal-server.js` with the arguments of
 * `npm start`), on the production build, with its own fresh data directory and the run's SMTP
 * sink, so the spec can choose how it binds and read everything it writes.
 *
 * It runs in a process group of its own and is signalled as a group, as a terminal's Ctrl-C and
 * systemd's stop signal every process of the service: a helper process beside the server would
 * get the signal too. Its temporary directory is fresh as well, so nothing another process
 * prepared there (a transpiler's cache) makes this start differ from a first one.
 */
export type OwnServer = {
  pid: number;
  /** everything it wrote to stdout and stderr so far */
  output: () => string;
  /** its resident memory in bytes, from /proc */
  rss: () => number;
  /** the ids of every process in the server's process group (the server itself first) */
  group: () => number[];
  /** sends `signal` to the server's whole process group */
  signal: (signal: NodeJS.Signals) => void;
  /** signals the group (SIGTERM unless told) unless the server is gone; resolves with its exit code */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** The process group of a process, from /proc/<pid>/stat (the fifth field; the name may hold spaces). */
function processGroupOf(pid: string): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  } catch {
    return null; // gone meanwhile
  }
}

/** `env`: further settings of this server (they win over the defaults below). */
export async function startOwnServer(args: string[], probeUrl: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passport-own-server-"));
  const tmpDir = path.join(dataDir, "tmp");
  fs.mkdirSync(tmpDir);
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(path.join(process.cwd(), "node_modules", ".bin", "node"), [".next/portal-server.js", ...args], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
      TMPDIR: tmpDir,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_OPTIONS: "--dns-result-order=ipv4first",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      SMTP_URL: SMTP_SINK_URL,
      IP_LIMIT_EXEMPT: "127.0.0.1",
      ALTCHA_COST: "50",
      ALTCHA_MAX_COUNTER: "30",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const chunks: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const { pid } = child;
  // never -0 below: that would be the test runner's own process group
  if (pid === undefined) throw new Error("the server did not start");
  // no fixed budget: a start on a busy machine takes what it takes, a server that dies says why
  for (;;) {
    if (gone) throw new Error(`the server stopped before it answered:\n${chunks.join("")}`);
    const answered = await fetch(probeUrl).then((response) => response.status === 200, () => false);
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    pid,
    output: () => chunks.join(""),
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024,
    group: () => [pid, ...fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry) && Number(entry) !== pid && processGroupOf(entry) === pid).map(Number)],
    signal: (signal) => process.kill(-pid, signal),
    stop: async (signal = "SIGTERM") => {
      if (!gone) process.kill(-pid, signal);
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
