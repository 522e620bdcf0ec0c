import "server-only";
import pino, { type Logger } from "pino";

/**
 * The portal's structured log: one JSON line per event on standard output. Never a password,
 * code, token or request body: only events, routes, codes and counts. LOG_LEVEL sets the level.
 */
let logger: Logger | null = null;

export function portalLog(): Logger {
  logger ??= pino({ level: process.env.LOG_LEVEL?.trim() || "info", base: { service: "passport-portal" } }, process.stdout);
  return logger;
}
