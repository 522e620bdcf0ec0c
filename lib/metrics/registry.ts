import { collectDefaultMetrics, Registry } from "prom-client";

/**
 * The process's one Prometheus registry, kept on globalThis: the portal's server (server.ts,
 * built into .next/portal-server.js) and the route bundles of Next's build each load their own
 * copy of this module, and every metric must land in the registry that /metrics reads. Node's default metrics (event
 * loop lag, heap, resident memory, CPU, open handles) are collected into it once.
 *
 * Only names, labels of a fixed set and counts: never an address, an email or a token.
 */
const KEY = Symbol.for("passport.metrics.registry");

export function metricsRegistry(): Registry {
  const holder = globalThis as typeof globalThis & { [KEY]?: Registry };
  if (!holder[KEY]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    holder[KEY] = registry;
  }
  return holder[KEY];
}
