import { shutdownBackend } from "./lifecycle";
import { describeFault, flushStdout, log } from "./log";

/**
 * Stopping the portal's server (lib/server/stop.ts): once the last request has finished, the
 * services close their database (and the prune timer, Redis), so the next start opens it
 * cleanly. Resolves either way; a close that fails is one error line.
 */
export async function closeServices(): Promise<void> {
  try {
    await shutdownBackend();
    log().info("the services' database is closed");
  } catch (error) {
    log().error({ err: describeFault(error) }, "the services did not stop cleanly");
  }
}

/**
 * At server start: the database opens (and a new one is migrated) in the background, so static
 * pages answer at once; a request that needs it waits for the same opening. A database that
 * cannot be opened stops the server with one log line naming why (written out before the exit).
 */
export function openDatabaseInBackground(open: () => Promise<unknown>): void {
  void open().catch(async (error: unknown) => {
    log().fatal({ err: describeFault(error) }, "the services' database could not be opened; the server stops");
    await flushStdout();
    process.exit(1);
  });
}

