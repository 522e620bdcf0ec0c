import { types } from "node:util";
import pino, { type Logger } from "pino";
import { getConfig } from "./config";
import { isDatabaseUnavailable, pgErrorCode } from "./db/errors";
import { singleton } from "./singleton";

/**
 * The services' structured log: one JSON line per event on standard output (level, time, msg
 * and fields such as reqId, route, status, ms). Nothing logged may hold a password, a code, a
 * token or a request body; callers log ids, routes and counts only.
 */
export function log(): Logger {
  const config = getConfig();
  const current = singleton<{ config: object | null; logger: Logger | null }>("log", () => ({ config: null, logger: null }));
  // a new configuration (tests reconfigure) gets a logger at its level
  if (current.config !== config || !current.logger) {
    current.config = config;
    current.logger = pino(
      {
        level: config.logLevel,
        base: { service: "passport-services" },
        // `err` holds what describeFault (or a caller) reduced an error to, and stays as given;
        // pino's own serializer would rename every `type` to "Object" and add an empty stack
        serializers: { err: (value: unknown) => (types.isNativeError(value) ? describeFault(value) : value) },
      },
      process.stdout,
    );
  }
  return current.logger;
}

/** The innermost cause of an error (drizzle wraps driver errors, and its own message lists query parameters). */
export function rootCause(error: unknown): unknown {
  let root = error;
  for (let depth = 0; depth < 8 && types.isNativeError(root) && root.cause !== undefined; depth++) root = root.cause;
  return root;
}

/**
 * A fault worth a stack trace, reduced to what may be logged. isNativeError, not instanceof:
 * errors made in another realm (Node's own, under a test runner's sandbox) are errors too.
 */
export function describeFault(error: unknown): { type: string; message: string; stack?: string; code?: string } {
  const root = rootCause(error);
  const native = types.isNativeError(root);
  const described = { type: native ? root.name : typeof root, message: native ? root.message : String(root) };
  // a database that cannot be reached is an outage, not a bug: the driver's code and no stack
  // (as a request's "database unavailable" line), whether a request or a timer's run met it
  if (isDatabaseUnavailable(error)) {
    const code = pgErrorCode(error);
    return code === undefined ? described : { ...described, code };
  }
  return native && root.stack ? { ...described, stack: root.stack } : described;
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
