import { shutdownBackend } from "./lifecycle";
import { describeFault, log } from "./log";

/**
 * SIGTERM / SIGINT under `next start`: the services close their database (and the prune timer,
 * Redis) after the last request, so the next start opens it cleanly. Next's own signal handler
 * stops accepting connections, lets the requests under way finish and then calls
 * process.exit; that exit is held until the database is closed. Should nothing exit (Next's
 * handler switched off with NEXT_MANUAL_SIG_HANDLE), the services close and exit after a grace.
 */
const GRACE_MS = 15_000;
const CLOSE_MAX_MS = 5_000;
const EXIT_CODES: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

export function closeServicesOnSignal(): void {
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= shutdownBackend().then(
      () => log().info("the services' database is closed"),
      (error: unknown) => log().error({ err: describeFault(error) }, "the services did not stop cleanly"),
    );
    return closing;
  };
  const onSignal = (signal: string) => {
    log().info({ signal }, "stopping: the services' database closes after the last request");
    const exit = process.exit.bind(process);
    process.exit = ((code?: number | string | null) => {
      // a close that hangs (a query that never returns) does not keep the process alive
      const cap = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_MAX_MS).unref());
      void Promise.race([close(), cap]).finally(() => exit(code));
    }) as typeof process.exit;
    setTimeout(() => process.exit(EXIT_CODES[signal] ?? 1), GRACE_MS).unref();
  };
  for (const signal of Object.keys(EXIT_CODES)) process.once(signal, () => onSignal(signal));
}

/**
 * At server start: the database opens (and a new one is migrated) in the background, so static
 * pages answer at once; a request that needs it waits for the same opening. A database that
 * cannot be opened stops the server with one log line naming why.
 */
export function openDatabaseInBackground(open: () => Promise<unknown>): void {
  void open().catch((error: unknown) => {
    log().fatal({ err: describeFault(error) }, "the services' database could not be opened; the server stops");
    process.exit(1);
  });
}
