import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A PostgreSQL cluster of one test's own, which the test may stop and start (an outage) without
 * disturbing the cluster the other files share. Built from the binaries the backend test script
 * found (TEST_POSTGRES_BIN); as root, run as the postgres user (PostgreSQL refuses root), with
 * setpriv, which execs the server itself, so the child's pid is the server's.
 */
export const POSTGRES_BIN = process.env.TEST_POSTGRES_BIN?.trim() || null;

function asPostgres(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--reset-env", command, ...args]];
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type OwnPostgres = { url: string; stop(): Promise<void>; start(): Promise<void>; remove(): Promise<void> };

export async function ownPostgres(): Promise<OwnPostgres> {
  if (!POSTGRES_BIN) throw new Error("TEST_POSTGRES_BIN is not set");
  const bin = POSTGRES_BIN;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "passport-own-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const [initdb, initArgs] = asPostgres(path.join(bin, "initdb"), ["-D", path.join(dir, "data"), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  execFileSync(initdb, initArgs, { stdio: "ignore" });
  const port = await freePort();
  let server: ChildProcess | null = null;

  const ready = () => {
    try {
      execFileSync(path.join(bin, "pg_isready"), ["-q", "-h", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  const start = async () => {
    const [postgres, args] = asPostgres(path.join(bin, "postgres"), [
      "-D", path.join(dir, "data"), "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
    ]);
    server = spawn(postgres, args, { stdio: "ignore" });
    for (let waited = 0; !ready(); waited += 100) {
      if (waited > 20_000) throw new Error("PostgreSQL did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGINT"); // fast shutdown: every connection is cut, as in an outage
    await exited;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
