import { Counter, Gauge } from "prom-client";
import { metricsRegistry } from "@/lib/metrics/registry";
import { databasePoolStats } from "./db/client";
import { singleton } from "./singleton";

/**
 * The services' Prometheus metrics, in the process's one registry (lib/metrics/registry.ts):
 * sign-ins by way and outcome, codes mailed by purpose, rate-limit refusals by code, and the
 * database pool's use (read when scraped). Created once per process (singleton), whichever
 * bundle asks first. Labels come from fixed sets only: a way in, a purpose, an error code.
 */
export type BackendMetrics = {
  signIns: Counter<"way" | "outcome">;
  codesSent: Counter<"purpose">;
  rateLimited: Counter<"code">;
};

function poolGauge(name: string, help: string, read: (stats: NonNullable<Awaited<ReturnType<typeof databasePoolStats>>>) => number): Gauge<"driver"> {
  return new Gauge({
    name,
    help,
    labelNames: ["driver"],
    registers: [metricsRegistry()],
    async collect() {
      this.reset();
      const stats = await databasePoolStats();
      if (stats) this.set({ driver: stats.driver }, read(stats));
    },
  });
}

export function backendMetrics(): BackendMetrics {
  return singleton("metrics.backend", () => {
    const registers = [metricsRegistry()];
    poolGauge("passport_db_pool_connections", "Database connections open (PGlite: its one embedded connection)", (stats) => stats.total);
    poolGauge("passport_db_pool_idle", "Database connections open and idle", (stats) => stats.idle);
    poolGauge("passport_db_pool_waiting", "Queries waiting for a free database connection (the pool is exhausted)", (stats) => stats.waiting);
    poolGauge("passport_db_pool_max", "Most database connections the pool opens", (stats) => stats.max);
    return {
      signIns: new Counter({ name: "passport_sign_ins_total", help: "Sign-ins by way in and outcome (ok, held for a second step or device code, refused, error)", labelNames: ["way", "outcome"], registers }),
      codesSent: new Counter({ name: "passport_codes_sent_total", help: "Verification codes mailed, by purpose", labelNames: ["purpose"], registers }),
      rateLimited: new Counter({ name: "passport_rate_limited_total", help: "Requests refused by a rate limit, by answer code", labelNames: ["code"], registers }),
    };
  });
}
