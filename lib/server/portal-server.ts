import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import next from "next";
import { portalConfig } from "@/lib/config";
import { answerMalformedRequest } from "@/lib/contract/malformed-request";
import { portalLog } from "@/lib/log";
import { calledActionId, readActionIds } from "@/lib/security/action-ids";
import { pageHeadersByRequest } from "@/lib/security/headers";
import { CappedRequest, prepareRequest, type IncomingOptions } from "@/lib/security/incoming";
import { refusalBody } from "@/lib/security/refusal-body";
import { isDraining } from "./draining";
import { OutageAwareResponse, withOutageStatus } from "./outage-response";
import { answerMetrics, observeRequest } from "./metrics";
import { PageReplay, replayKeyOf } from "./page-replay";
import { answerProbe, instanceReadiness, type ServicesCheck } from "./probes";
import type { ServerSettings } from "./settings";

/**
 * The portal's HTTP server: Node's http server with Next's documented custom-server handler
 * (`next({ dev: false })`, `getRequestHandler()`), so what needs the socket happens in plain
 * sight before Next reads a request (lib/security/incoming.ts: the caller's address, forwarded
 * headers, page security headers, body caps), and a call of a server action this build does not
 * have is refused here (lib/security/action-ids.ts).
 *
 * It listens at once and hands requests to Next once Next is ready (a first request waits). Next
 * is told the host name `localhost` whatever address the server is bound to: Next builds the
 * URL the proxy sees and the one it compares the proxy's rewrites with from that name, and with
 * `next start -H 127.0.0.1` the two differed, so every rewrite of a sign-in page, server actions
 * included, went out as an HTTP request to the server itself with `Host: localhost` and failed
 * the proxy's same-origin check (docs/decisions.md §4). The name is never looked up.
 */
export type PortalServerOptions = {
  /** the project directory (its `.next` build) */
  dir: string;
  /** the address to bind; none = every interface */
  hostname?: string;
  port: number;
  /** drain and metrics settings (lib/server/settings.ts) */
  settings: ServerSettings;
  /** the embedded services' part of /readyz; none when the services are another origin */
  servicesCheck?: ServicesCheck;
  /**
   * The embedded OpenID Provider (lib/backend/oidc/mount.ts): true when it took the request (its
   * own paths), which then never reaches Next; none when the services are another origin.
   */
  openIdProvider?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /**
   * The embedded services' API (lib/backend/http/portal-mount.ts): /v1/** and /v2/** answered by
   * the Hono app without Next; none when the services are another origin (Next's app/v1 and app/v2
   * route handlers then answer, as they do under `next dev`).
   */
  services?: { takes: (request: IncomingMessage) => boolean; answer: (request: IncomingMessage, response: ServerResponse) => Promise<void> };
};

export type PortalServer = { server: http.Server; address: AddressInfo; closeApp: () => Promise<void> };

const NEXT_HOSTNAME = "localhost";
/** the header Next puts on an action call it forwards to another page of the same server */
const FORWARDED_ACTION = "x-action-forwarded";

/** How long an idle kept-alive connection stays open: longer than every client's and balancer's idle time. */
export const KEEP_ALIVE_MS = 65_000;

export async function startPortalServer({ dir, hostname, port, settings, servicesCheck, openIdProvider, services }: PortalServerOptions): Promise<PortalServer> {
  const config = portalConfig();
  const options: IncomingOptions = { trustProxy: config.trustProxyHops > 0, pageHeaders: pageHeadersByRequest(config) };
  const actionIds = readActionIds(path.join(dir, ".next"));
  const readiness = instanceReadiness(servicesCheck);
  const replay = new PageReplay();
  let handle: ((request: IncomingMessage, response: ServerResponse) => Promise<void>) | null = null;
  let prepared: (ready: Promise<void>) => void = () => undefined;
  // requests that arrive while Next is starting wait for it
  const ready = new Promise<void>((resolve) => (prepared = resolve));

  const server = http.createServer({ IncomingMessage: CappedRequest, ServerResponse: OutageAwareResponse }, (request, response) => {
    observeRequest(request, response);
    // the probes and the metrics answer before anything else, Next's start included
    if (answerProbe(request, response, readiness) || answerMetrics(request, response, settings)) return;
    // draining: each connection is closed after its answer, so a client (or the balancer) opens
    // its next one where it is still welcome
    if (isDraining()) response.setHeader("connection", "close");
    if (!prepareRequest(request, response, options)) return;
    if (openIdProvider?.(request, response)) return;
    // the API waits for Next's start too: it opens the services' database (instrumentation.ts)
    if (services?.takes(request)) return void ready.then(() => services.answer(request, response)).catch((error: unknown) => failed(request, response, error));
    const id = calledActionId(request.method, request.headers["next-action"]);
    if (id !== null && actionIds && !actionIds.has(id)) return refuseAction(request, response, "unknown server action");
    // Next forwards a call of an action to the page that has it, as a second request to this
    // server; the portal's forms only call their own page's actions, so only a made-up request
    // gets here. Answered as an unknown action, which Next passes back without a stack trace.
    if (id !== null && request.headers[FORWARDED_ACTION] !== undefined) return refuseAction(request, response, "server action forwarded between pages");
    // once Next is ready, straight to it (no promise and closure per request); before, after its
    // start. A plain anonymous visit of a sign-in page gets Next's last answer to one (page-replay.ts)
    if (handle) {
      const key = replayKeyOf(request);
      if (key !== null) {
        if (replay.answer(key, response)) return;
        replay.record(key, response);
      }
      return void pass(handle, request, response);
    }
    void ready.then(() => (handle ? pass(handle, request, response) : undefined)).catch((error: unknown) => failed(request, response, error));
  });
  // bytes that are not a request (e.g. a DELETE's body sent without a length) get the services'
  // envelope (10001), not Node's empty 400
  server.on("clientError", answerMalformedRequest);
  // an idle kept-alive connection stays open longer than a client or balancer keeps one idle
  // (HAProxy: 10 s, deploy/haproxy.cfg), so the instance never closes a connection just as the
  // other side sends its next request on it (Node's 5 s default: an ECONNRESET under load);
  // a stop closes idle connections at once (stop.ts)
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve(server.address() as AddressInfo));
  });

  const app = next({ dev: false, dir, hostname: NEXT_HOSTNAME, port: address.port });
  const starting = app.prepare().then(() => {
    handle = app.getRequestHandler();
  });
  prepared(starting);
  await starting;
  return { server, address, closeApp: () => app.close() };
}

/** Next's handler for one request, its faults answered 500 (outages found meanwhile: withOutageStatus). */
function pass(handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  return withOutageStatus(response, () => handle(request, response)).catch((error: unknown) => failed(request, response, error));
}

/**
 * A call of an action id this build does not have (or one Next forwarded): Next's own marker
 * header (its client then reports the action as not found), with the translated message of
 * 10006 and one log line instead of Next's stack trace.
 */
function refuseAction(request: IncomingMessage, response: ServerResponse, reason: string): void {
  const pathname = (request.url ?? "/").split("?")[0] ?? "/";
  portalLog().warn({ event: "request refused", status: 404, code: 10006, path: pathname, reason }, "the server refused a request");
  const body = JSON.stringify(refusalBody(10006, pathname, "en"));
  response.writeHead(404, { "content-type": "application/json", "content-length": Buffer.byteLength(body), "cache-control": "no-store", "x-nextjs-action-not-found": "1" });
  response.end(body);
  request.resume();
}

/** Next handles its own errors; this is for a fault around it (Next could not start). */
function failed(request: IncomingMessage, response: ServerResponse, error: unknown): void {
  portalLog().error({ type: error instanceof Error ? error.name : typeof error, message: error instanceof Error ? error.message : String(error), path: request.url }, "the server could not handle a request");
  if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
  response.end("Internal Server Error");
}
