/**
 * What a failed query's driver error means, for node-postgres and PGlite alike (drizzle wraps
 * the driver's error in `cause`): a unique violation the caller answers as a conflict, or a
 * database that cannot serve the request now (answered 503, 10007).
 */
/** The driver error behind a failed query (drizzle wraps it in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === "23505";
}

/** Network errors of a connection to the database server, and PostgreSQL's own "going away" codes. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/**
 * The database cannot be reached or is shutting down (PostgreSQL: connection exceptions 08xxx,
 * operator intervention 57P01–57P03): the request cannot be served now, but nothing is wrong
 * with it, and the pool will reconnect.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNREACHABLE.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code))) return true;
    if (typeof message === "string" && /^Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
