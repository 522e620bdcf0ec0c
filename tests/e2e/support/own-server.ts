import { spawn, type ChildProcessByStdio } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { SMTP_SINK_URL } from "../../../playwright.config";

/**
 * A portal server a spec starts itself (`node --import tsx server.ts` with the arguments of
 * `npm start`), on the production build, with its own fresh data directory and the run's SMTP
 * sink, so the spec can choose how it binds and read everything it writes. Stopped by its pid.
 */
export type OwnServer = {
  pid: number;
  /** everything it wrote to stdout and stderr so far */
  output: () => string;
  /** its resident memory in bytes, from /proc */
  rss: () => number;
  stop: () => Promise<number | null>;
};

/** `env`: further settings of this server (they win over the defaults below). */
export async function startOwnServer(args: string[], probeUrl: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passport-own-server-"));
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(path.join(process.cwd(), "node_modules", ".bin", "node"), ["--import", "tsx", "server.ts", ...args], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
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
  });
  const chunks: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const pid = child.pid ?? 0;
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
    stop: async () => {
      if (!gone) process.kill(pid, "SIGTERM");
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
