import { timingSafeEqual, createHash } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { Counter, Histogram } from "prom-client";
import { metricsRegistry } from "@/lib/metrics/registry";
import type { ServerSettings } from "./settings";

/**
 * The HTTP side of the Prometheus metrics: every request the portal's server answers, counted
 * by route group and status, its latency by group; and the two ways operators read /metrics
 * (docs/deploy.md), never an anonymous caller:
 *   METRICS_PORT   a separate listener (METRICS_HOST, loopback by default) serving GET /metrics;
 *   METRICS_TOKEN  GET /metrics on the main port with `Authorization: Bearer <token>`.
 * On the main port without METRICS_TOKEN, /metrics is 404; with it, a missing or wrong token 401.
 */
type HttpMetrics = { requests: Counter<"group" | "status">; duration: Histogram<"group"> };

const KEY = Symbol.for("passport.metrics.http");

function httpMetrics(): HttpMetrics {
  const holder = globalThis as typeof globalThis & { [KEY]?: HttpMetrics };
  holder[KEY] ??= {
    requests: new Counter({ name: "passport_http_requests_total", help: "HTTP requests answered, by route group and status", labelNames: ["group", "status"], registers: [metricsRegistry()] }),
    duration: new Histogram({
      name: "passport_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route group",
      labelNames: ["group"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metricsRegistry()],
    }),
  };
  return holder[KEY];
}

/** A fixed, small set of groups (never the path itself: its values are unbounded). */
export function routeGroup(method: string | undefined, url: string | undefined, nextAction: unknown): string {
  const pathname = (url ?? "/").split("?")[0] ?? "/";
  if (pathname === "/healthz" || pathname === "/readyz") return "probe";
  if (pathname === "/metrics") return "metrics";
  if (/^\/(v1|v2|message)(\/|$)/.test(pathname)) return "services";
  if (pathname.startsWith("/api/")) return "api";
  if (pathname.startsWith("/_next/") || /\.[a-z0-9]+$/i.test(pathname)) return "static";
  if (method === "POST" && nextAction !== undefined) return "action";
  return "page";
}

/** Counts the request once its answer is sent (or the client went away: status 499). */
export function observeRequest(request: IncomingMessage, response: ServerResponse): void {
  const started = performance.now();
  const group = routeGroup(request.method, request.url, request.headers["next-action"]);
  if (group === "probe" || group === "metrics") return;
  // "close" comes once per response: `on`, without the wrapper `once` makes per request
  response.on("close", () => {
    const metrics = httpMetrics();
    const status = response.writableFinished ? String(response.statusCode) : "499";
    metrics.requests.inc({ group, status });
    metrics.duration.observe({ group }, (performance.now() - started) / 1000);
  });
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  // equal-length digests, so the comparison takes the same time whatever was sent
  return timingSafeEqual(digest(given), digest(token));
}

async function sendMetrics(request: IncomingMessage, response: ServerResponse): Promise<void> {
  // the request metrics are listed (at zero) before the first request is counted
  httpMetrics();
  const registry = metricsRegistry();
  const text = await registry.metrics();
  response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
  response.end(request.method === "HEAD" ? undefined : text);
}

function refuse(request: IncomingMessage, response: ServerResponse, status: 401 | 404 | 405): void {
  const body = JSON.stringify({ status: status === 401 ? "unauthorized" : status === 404 ? "not found" : "method not allowed" });
  const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(body), "cache-control": "no-store" };
  if (status === 401) headers["www-authenticate"] = 'Bearer realm="metrics"';
  response.writeHead(status, headers);
  response.end(body);
  request.resume();
}

function failed(response: ServerResponse): void {
  if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
  response.end("metrics unavailable");
}

/** The main port's /metrics (true when the request was for it and has been answered). */
export function answerMetrics(request: IncomingMessage, response: ServerResponse, settings: ServerSettings): boolean {
  if ((request.url ?? "/").split("?")[0] !== "/metrics") return false;
  if (settings.metricsToken === null) refuse(request, response, 404);
  else if (request.method !== "GET" && request.method !== "HEAD") refuse(request, response, 405);
  else if (!bearerMatches(request.headers.authorization, settings.metricsToken)) refuse(request, response, 401);
  else void sendMetrics(request, response).catch(() => failed(response));
  return true;
}

/** The separate metrics listener (METRICS_PORT), or null when none is configured. */
export async function startMetricsListener(settings: ServerSettings): Promise<http.Server | null> {
  if (settings.metricsPort === null) return null;
  const server = http.createServer((request, response) => {
    if ((request.url ?? "/").split("?")[0] !== "/metrics") return refuse(request, response, 404);
    if (request.method !== "GET" && request.method !== "HEAD") return refuse(request, response, 405);
    void sendMetrics(request, response).catch(() => failed(response));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.metricsPort ?? 0, settings.metricsHost, () => resolve());
  });
  return server;
}
