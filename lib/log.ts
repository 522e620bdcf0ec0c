import pino, { type Logger } from "pino";

/**
 * The portal's structured log: one JSON line per event on standard output. Never a password,
 * code, token or request body: only events, routes, codes and counts. LOG_LEVEL sets the level.
 *
 * Server code only. It is also loaded by the portal's server entry (server.ts), which runs
 * outside Next's bundler, where the `server-only` marker package would throw: so it has none.
 */
let logger: Logger | null = null;

export function portalLog(): Logger {
  logger ??= pino({ level: process.env.LOG_LEVEL?.trim() || "info", base: { service: "passport-portal" } }, process.stdout);
  return logger;
}

/**
 * Resolves once every line written to standard output so far has left the process. A pipe is
 * written asynchronously: a process.exit before that drops the lines still queued (the last
 * words of a stopping server). Bounded, so a reader that never reads cannot hold the exit.
 */
export function flushStdout(maxMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    process.stdout.write("", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
