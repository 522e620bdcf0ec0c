import type { IncomingMessage, ServerResponse } from "node:http";
import { isDraining } from "./draining";

/**
 * The probes of the portal's server, answered before Next (so no proxy, no rate limit, no log
 * line per request):
 *
 *   GET /healthz  200 {"status":"ok"} while the process answers at all (a liveness probe)
 *   GET /readyz   200 {"status":"ready"} when this instance should get traffic: not draining,
 *                 and, when it runs the embedded services, their database answers with every
 *                 migration applied and Redis answers when configured; else 503 naming which
 *                 check failed ("unavailable", "starting", "migrations pending"), nothing more.
 *
 * No version, address or configuration is shown: a stranger learns only up or down.
 */
export type ServicesCheck = () => Promise<{ ready: boolean; database: string; redis: string }>;

const PROBES = new Set(["/healthz", "/readyz"]);

function send(request: IncomingMessage, response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  response.end(request.method === "HEAD" ? undefined : text);
  request.resume();
}

/** True when the request was a probe and has been answered (or is being answered). */
export function answerProbe(request: IncomingMessage, response: ServerResponse, servicesCheck: ServicesCheck | undefined): boolean {
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
  void readiness(servicesCheck).then(
    ({ ready, checks }) => send(request, response, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks }),
    () => send(request, response, 503, { status: "not ready" }),
  );
  return true;
}

async function readiness(servicesCheck: ServicesCheck | undefined): Promise<{ ready: boolean; checks: Record<string, string | boolean> }> {
  // draining is answered at once, without asking the database (a SIGTERM turns it within a second)
  const draining = { ready: false, checks: { draining: true } };
  if (isDraining()) return draining;
  if (!servicesCheck) return { ready: true, checks: { draining: false } };
  const services = await servicesCheck();
  // a SIGTERM that came while the services were asked wins: the same answer as above
  if (isDraining()) return draining;
  return { ready: services.ready, checks: { draining: false, database: services.database, redis: services.redis } };
}
