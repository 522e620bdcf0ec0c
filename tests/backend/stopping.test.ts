import { spawn, type ChildProcessByStdio } from "node:child_process";
import fs from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { shutdownBackend } from "@/lib/backend/lifecycle";
import { OPEN_TIMEOUT, pgliteTemplate } from "./support/harness";
import { scratchRoot } from "./support/scratch";

/**
 * Starting and stopping the services as processes: `npm run services` and the portal's server
 * (server.ts, with the same stop as lib/server/stop.ts) close the embedded database cleanly on
 * SIGTERM/SIGINT after the requests under way, and write their last log lines out before they
 * exit; `npm run services` next to a process that holds the database says why in one line. Each
 * child gets a copy of a migrated PGlite directory and is stopped by its pid.
 *
 * Children run as `node --import tsx <script>`, as `npm run services` runs it (the portal's own
 * server is built JavaScript: tests/e2e/server.spec.ts stops that one). The tsx command would
 * run the script in a grandchild and SIGKILL it when it does not confirm a relayed signal within
 * 30 ms: on a busy machine the graceful stop then never ran and no line was seen. Each child has
 * a process group of its own and the signal goes to the whole group, as a terminal's Ctrl-C and
 * systemd's stop send it: whatever helper tsx runs beside the server gets it too.
 */
/** a child process starts tsx and opens PGlite: seconds on a busy machine */
const PROCESS_TIMEOUT = 180_000;
const NODE = path.join(process.cwd(), "node_modules", ".bin", "node");
let template: string;
const dirs: string[] = [];
beforeAll(async () => {
  template = await pgliteTemplate();
  await shutdownBackend();
}, OPEN_TIMEOUT);
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A port nobody listens on right now (SERVICES_PORT takes no 0). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(scratchRoot(), "passport-stopping-"));
  dirs.push(dir);
  fs.cpSync(path.join(template, "pglite"), path.join(dir, "pglite"), { recursive: true });
  return dir;
}

type Run = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
  /** the signal to the child's whole process group */
  signal: (signal: NodeJS.Signals) => void;
};

function run(script: string, env: Record<string, string>): Run {
  const child = spawn(NODE, ["--import", "tsx", script], {
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "info", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const { pid } = child;
  // never -0: that would be this test's own process group
  if (pid === undefined) throw new Error(`${script} did not start`);
  return { child, stdout, stderr, exited, signal: (signal) => process.kill(-pid, signal) };
}

async function until(what: () => boolean, ms = 150_000): Promise<void> {
  for (let waited = 0; !what(); waited += 50) {
    if (waited > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function jsonLines(chunks: string[]): Array<Record<string, unknown>> {
  return chunks
    .join("")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test.each(["SIGTERM", "SIGINT"] as const)(
  "npm run services closes its server and the database on %s and exits 0",
  async (signal) => {
    const dir = dataDir();
    const services = run("lib/backend/server.ts", { DATA_DIR: dir, SERVICES_PORT: String(await freePort()), SERVICES_HOST: "127.0.0.1" });
    await until(() => jsonLines(services.stdout).some((line) => line.msg === "reference services listening (/v1/**, /v2/**)"));
    const listening = jsonLines(services.stdout).find((line) => typeof line.port === "number");
    const answer = await fetch(`http://127.0.0.1:${String(listening?.port)}/v1/region/country`);
    expect(answer.status).toBe(200);
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(true);

    services.signal(signal);
    expect(await services.exited).toBe(0);
    expect(jsonLines(services.stdout).map((line) => line.msg)).toContain("stopping: no new connections, then the database closes");
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
    expect(services.stderr.join("")).toBe("");
  },
  PROCESS_TIMEOUT,
);

test(
  "the portal's server on SIGTERM: no new connections, the request under way answered, the database closed, every line written, exit 0",
  async () => {
    const dir = dataDir();
    const portal = run("tests/backend/support/stopping-server.ts", { DATA_DIR: dir });
    await until(() => /ready \d+\n/.test(portal.stdout.join("")));
    const port = Number(/ready (\d+)/.exec(portal.stdout.join(""))?.[1]);
    const underWay = fetch(`http://127.0.0.1:${port}/slow`).then(async (answer) => `${answer.status} ${await answer.text()}`);
    await until(() => portal.stdout.join("").includes("slow request received\n"));
    portal.signal("SIGTERM");
    await until(() => jsonLines(portal.stdout).some((line) => String(line.msg).startsWith("stopping")));
    // the listening socket is closed at once; the request under way still gets its answer
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    expect(await underWay).toBe("200 done");
    expect(await portal.exited).toBe(0);
    const said = jsonLines(portal.stdout).map((line) => line.msg);
    expect(said.slice(said.findIndex((msg) => String(msg).startsWith("stopping")))).toEqual([
      "stopping: no new connections; the requests under way finish, then the database closes",
      "the services' database is closed",
      "stopped",
    ]);
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
    expect(portal.stderr.join("")).toBe("");
  },
  PROCESS_TIMEOUT,
);

test(
  "npm run services next to a process that holds the embedded database: one line saying why and what to do, exit 1, no stack",
  async () => {
    const dir = dataDir();
    // this test's own process stands in for a running portal
    fs.writeFileSync(path.join(dir, "pglite.lock"), `${process.pid}\n`);
    const services = run("lib/backend/server.ts", { DATA_DIR: dir, SERVICES_PORT: String(await freePort()) });
    expect(await services.exited).toBe(1);
    const lines = services.stderr.join("").split("\n").filter(Boolean);
    expect(lines).toEqual([
      `npm run services: cannot start, the embedded database in ${dir} is in use by process ${process.pid} (PGlite allows one process at a time). ` +
        `Stop that process (the portal or another command), or give the services their own DATA_DIR, or use DATABASE_URL. ` +
        `If no such process is running, delete ${path.join(dir, "pglite.lock")}.`,
    ]);
    expect(services.stdout.join("")).toBe("");
    // the holder's database was not touched
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(`${process.pid}\n`);
  },
  PROCESS_TIMEOUT,
);
