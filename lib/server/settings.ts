/**
 * The operating settings of the portal's server (not of Next or the services): how long it
 * drains on SIGTERM and where its Prometheus metrics are served. Read once at start; a bad value
 * stops the start with one line naming the variable (never its value). docs/configuration.md.
 */
export type ServerSettings = {
  /** SHUTDOWN_DRAIN_SECONDS: seconds /readyz answers 503 while requests are still served */
  drainSeconds: number;
  /** METRICS_PORT: a separate listener for GET /metrics, on METRICS_HOST (loopback by default) */
  metricsPort: number | null;
  metricsHost: string;
  /** METRICS_TOKEN: GET /metrics on the main port with `Authorization: Bearer <token>` */
  metricsToken: string | null;
};

const MIN_TOKEN_LENGTH = 16;

function integer(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name}: expected a whole number from ${min} to ${max}`);
  return value;
}

export function serverSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken !== null && metricsToken.length < MIN_TOKEN_LENGTH) throw new Error(`METRICS_TOKEN: expected at least ${MIN_TOKEN_LENGTH} characters`);
  return {
    drainSeconds: integer(env, "SHUTDOWN_DRAIN_SECONDS", 0, 3_600) ?? 0,
    metricsPort: integer(env, "METRICS_PORT", 1, 65_535),
    metricsHost: env.METRICS_HOST?.trim() || "127.0.0.1",
    metricsToken,
  };
}
