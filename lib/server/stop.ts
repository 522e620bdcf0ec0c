import type { Server } from "node:http";
import { flushStdout, portalLog } from "@/lib/log";
import { markDraining } from "./draining";

/**
 * SIGTERM / SIGINT of the portal's server (server.ts): first drain (below), then stop accepting connections, let the
 * requests under way finish, close Next, then the services' database, write the last log lines
 * out, and exit 0 (1 when a close failed). A request that is still running after GRACE_MS is cut, so a stuck client
 * cannot hold the stop; a close that fails is logged and the exit still happens.
 *
 * Draining: at the signal /readyz turns 503 at once (lib/server/draining.ts) and the server
 * keeps serving everything for `drainSeconds` (SHUTDOWN_DRAIN_SECONDS), long enough for the
 * balancer's health checks to take the instance out, so no request is sent to a closed port. A
 * second signal during the drain cuts it short (an operator's second Ctrl-C).
 *
 * Each step logs nothing of its own but the two lines below (the database's own line comes
 * from the services), and the exit waits for standard output: a pipe is written
 * asynchronously, and a process.exit before it drains loses the last lines.
 */
const GRACE_MS = 10_000;

export type StopParts = {
  server: Server;
  /** Next's own cleanup (the app's close) */
  closeApp?: () => Promise<void>;
  /** the embedded services' database, when this process runs them */
  closeServices?: () => Promise<void>;
  /** seconds of draining before the server stops accepting connections (0: none) */
  drainSeconds?: number;
  /** further listeners that close with it (the metrics port) */
  otherServers?: Server[];
};

/** Resolves true once everything is closed, false when a close failed (logged). */
export function stopGracefully({ server, closeApp, closeServices, otherServers = [] }: StopParts, signal: string): Promise<boolean> {
  portalLog().info({ signal }, "stopping: no new connections; the requests under way finish, then the database closes");
  for (const other of otherServers) {
    other.close();
    other.closeAllConnections();
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS);
  return closed
    .then(async () => {
      clearTimeout(cut);
      await closeApp?.();
      await closeServices?.();
      portalLog().info("stopped");
      return true;
    })
    .catch((error: unknown) => {
      portalLog().error({ type: error instanceof Error ? error.name : typeof error, message: error instanceof Error ? error.message : String(error) }, "the server did not stop cleanly");
      return false;
    });
}

export function stopOnSignals(parts: StopParts): void {
  let stopping = false;
  let endDrain: (() => void) | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      endDrain?.();
      return;
    }
    stopping = true;
    markDraining();
    const seconds = parts.drainSeconds ?? 0;
    if (seconds > 0) portalLog().info({ signal, seconds }, "draining: /readyz answers 503; requests are still served until the drain ends");
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, seconds * 1000);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    void drained.then(() => stopGracefully(parts, signal)).then(async (clean) => {
      await flushStdout();
      process.exit(clean ? 0 : 1);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
