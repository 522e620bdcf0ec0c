import type { IncomingMessage, ServerResponse } from "node:http";
import { isDraining } from "./draining";

/**
 * The probes of the portal's server, answered before Next (so no proxy, no rate limit, no log
 * line per request):
 *
 *   GET /healthz  200 {"status":"ok"} while the process answers at all (a liveness probe)
 *   GET /readyz   200 {"status":"ready"} when this instance should get traffic; else 503 with
 *                 {"status":"not ready"}. The body's `checks` name this instance's state
 *                 (`draining`) and, when it runs the embedded services, the state of the
 *                 services it shares with every other instance (`database`: "ok", "unavailable",
 *                 "starting", "migrations pending"; `redis`: "ok", "unavailable", "none").
 *
 * Readiness is this instance's own state: it is not ready while it drains, and, running the
 * embedded services, until they have answered ready once since it started (its database reached
 * with every migration applied, Redis when configured). After that a shared service's outage is
 * reported in `checks` but does not make it unready: the database and Redis are the same for
 * every instance, so an outage would take every instance out at once and the balancer would
 * answer even the public pages with its own error. In service, the instance serves what needs
 * no database and answers the rest 503 with Retry-After (docs/deploy.md, "Outages").
 *
 * No version, address or configuration is shown: a stranger learns only up or down.
 */
export type ServicesCheck = () => Promise<{ ready: boolean; database: string; redis: string }>;
export type Readiness = () => Promise<{ ready: boolean; checks: Record<string, string | boolean> }>;

const PROBES = new Set(["/healthz", "/readyz"]);
const DRAINING = { ready: false, checks: { draining: true } };

/** This process's readiness; `servicesCheck` asks the embedded services (none when they are another origin). */
export function instanceReadiness(servicesCheck: ServicesCheck | undefined): Readiness {
  let servicesWereReady = false;
  return async () => {
    // draining is answered at once, without asking the database (a SIGTERM turns it within a second)
    if (isDraining()) return DRAINING;
    if (!servicesCheck) return { ready: true, checks: { draining: false } };
    const services = await servicesCheck();
    // a SIGTERM that came while the services were asked wins: the same answer as above
    if (isDraining()) return DRAINING;
    if (services.ready) servicesWereReady = true;
    return { ready: servicesWereReady, checks: { draining: false, database: services.database, redis: services.redis } };
  };
}

function send(request: IncomingMessage, response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  response.end(request.method === "HEAD" ? undefined : text);
  request.resume();
}

/** True when the request was a probe and has been answered (or is being answered). */
export function answerProbe(request: IncomingMessage, response: ServerResponse, readiness: Readiness): boolean {
  const pathname = (request.url ?? "/").split("?")[0] ?? "/";
  if (!PROBES.has(pathname)) return false;
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("allow", "GET, HEAD");
    send(request, response, 405, { status: "method not allowed" });
    return true;
  }
  if (pathname === "/healthz") {
    send(request, response, 200, { status: "ok" });
    return true;
  }
  void readiness().then(
    ({ ready, checks }) => send(request, response, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks }),
    () => send(request, response, 503, { status: "not ready" }),
  );
  return true;
}
