import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

/**
 * A production server of this build started by a test itself (the portal's server, as `npm start`
 * runs it),
 * with the settings the test gives, and stopped by the test by its own process id. Used to
 * restart the portal with other settings on the same build.
 */
export type PortalProcess = { url: string; stop: () => Promise<void> };

const NODE_BIN = path.resolve("node_modules/.bin/node");

export async function startPortal(port: number, env: Record<string, string>): Promise<PortalProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(NODE_BIN, [".next/portal-server.js", "-H", "127.0.0.1", "-p", String(port)], {
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn", NODE_OPTIONS: "--dns-result-order=ipv4first", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  // No fixed start-up budget: it answers when it is up, or the test's own timeout ends the wait.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal's server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/en/login`, { redirect: "manual" })).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
