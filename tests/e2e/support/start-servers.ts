/**
 * Starts the e2e run's servers (playwright.config.ts, E2E_SERVERS) side by side, each as soon as
 * the servers it needs are ready, and prints SERVERS_READY once all are; Playwright waits for that
 * line. Playwright would start its `webServer` entries one after another, so the first test waited
 * for the sum of the starts (155–300 s on a busy 2-core machine) instead of the longest chain.
 *
 * Each line a server prints is passed on with its name. A server that exits before it is ready,
 * or does not answer within E2E_START_TIMEOUT_MS (a hang guard), or whose address already answers
 * before it starts, is named on standard error, every other server is stopped, and this process
 * exits 1, which stops Playwright's run at once.
 *
 * Stopping: Playwright sends SIGTERM to this process group, so every server gets it (the portals
 * stop gracefully, postgres.sh stops its cluster and removes its data); this process exits once
 * all of them have.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { connect } from "node:net";
import { createInterface } from "node:readline";
import { type E2eServer, SERVERS_ENV, SERVERS_READY } from "./server-set";

const servers = JSON.parse(process.env[SERVERS_ENV] ?? "[]") as E2eServer[];
const startTimeout = Number(process.env.E2E_START_TIMEOUT_MS ?? 15 * 60_000);
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const running = new Map<string, ChildProcess>();
const ready = new Set<string>();
let stopping = false;

function say(line: string, stream: NodeJS.WriteStream = process.stdout) {
  stream.write(`${line}\n`);
}

/** An HTTP answer from 200 to 403, as Playwright's webServer `url` counts one. */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const asked = request(url, { headers: { accept: "*/*" } }, (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      resolve(status >= 200 && status < 404);
    });
    asked.on("error", () => resolve(false));
    asked.end();
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

function isAnswering(server: E2eServer): Promise<boolean> {
  if ("url" in server.ready) return answers(server.ready.url);
  if ("port" in server.ready) return accepts(server.ready.port);
  return Promise.resolve(false);
}

/** Stops every server (the whole process group) and exits 1 once they have exited. */
function fail(reason: string): void {
  if (stopping) return;
  say(`e2e servers: ${reason}`, process.stderr);
  stopping = true;
  process.exitCode = 1;
  process.kill(0, "SIGTERM");
}

function exitWhenAllStopped(): void {
  if (running.size === 0) process.exit();
}

process.on("SIGTERM", () => {
  stopping = true;
  exitWhenAllStopped();
});

function passOn(server: E2eServer, child: ChildProcess, onLine: (line: string) => void): void {
  if (child.stdout) {
    createInterface({ input: child.stdout }).on("line", (line) => {
      say(`[${server.name}] ${line}`);
      onLine(line);
    });
  }
  if (child.stderr) createInterface({ input: child.stderr }).on("line", (line) => say(`[${server.name}] ${line}`, process.stderr));
}

/** Resolves once the server is ready; a failure (exit, hang) ends the run through fail(). */
function start(server: E2eServer): Promise<void> {
  const env = { ...process.env, ...server.env };
  delete env[SERVERS_ENV];
  const child = spawn(server.command, { shell: true, env, stdio: ["pipe", "pipe", "pipe"] });
  running.set(server.name, child);
  let sawText = false;
  const text = "stdout" in server.ready ? server.ready.stdout : undefined;
  passOn(server, child, (line) => {
    if (text !== undefined && line.includes(text)) sawText = true;
  });
  child.on("exit", (code, signal) => {
    running.delete(server.name);
    if (stopping) exitWhenAllStopped();
    else if (ready.has(server.name)) say(`e2e servers: ${server.name} stopped during the run (${signal ?? `exit code ${code}`})`, process.stderr);
    else fail(`${server.name} exited before it was ready (${signal ?? `exit code ${code}`}): ${server.command}`);
  });
  const deadline = Date.now() + startTimeout;
  const delays = [100, 250, 500];
  return new Promise((resolve) => {
    const check = async () => {
      if (stopping || !running.has(server.name)) return;
      if (sawText || (text === undefined && (await isAnswering(server)))) {
        ready.add(server.name);
        say(`e2e servers: ${server.name} ready ${seconds()} s after the start`);
        resolve();
        return;
      }
      if (Date.now() > deadline) {
        fail(`${server.name} was not ready ${startTimeout / 1000} s after it started (E2E_START_TIMEOUT_MS): ${server.command}`);
        return;
      }
      setTimeout(() => void check(), delays.shift() ?? 1_000);
    };
    void check();
  });
}

async function main(): Promise<void> {
  // a server waits only for those listed before it, so no two wait for each other
  servers.forEach((server, index) => {
    const unknown = (server.after ?? []).filter((name) => !servers.slice(0, index).some((earlier) => earlier.name === name));
    if (unknown.length > 0) throw new Error(`${server.name} waits for ${unknown.join(", ")}, not listed before it`);
  });
  // as Playwright does: a server already answering at a run's address is another run's
  for (const server of servers) {
    if (await isAnswering(server)) throw new Error(`${server.name}: ${JSON.stringify(server.ready)} already answers; stop what runs there first`);
  }
  const readiness = new Map<string, Promise<void>>();
  for (const server of servers) {
    const waits = (server.after ?? []).map((name) => readiness.get(name));
    readiness.set(server.name, Promise.all(waits).then(() => start(server)));
  }
  await Promise.all(readiness.values());
  say(`${SERVERS_READY} ${seconds()} s after the start`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
