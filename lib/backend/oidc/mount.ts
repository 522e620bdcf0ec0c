import type { IncomingMessage, ServerResponse } from "node:http";
import { describeFault, log } from "../log";
import { isFedcmPath } from "./fedcm/paths";
import { errorPage, pageLang } from "./pages";
import { isProviderPath } from "./settings";


/**
 * The OpenID Provider in the portal's own server (lib/server/portal-server.ts hands it every
 * request, server.ts passes this in when the services are embedded): it takes the requests for
 * its paths (settings.ts: discovery and /oidc/…; FedCM's well-known file) and answers them; everything else goes on to Next.
 *
 * Before the provider sees a request its scheme and host are set to the issuer's (the provider
 * builds its endpoints' URLs and secure cookies from them), so what a client sends as Host or
 * X-Forwarded-* never reaches an address the provider writes (ARCHITECTURE: the portal's origin
 * comes from configuration).
 *
 * This module is what the server loads at start: the check of the path only. The provider and
 * what answers its requests (answer.ts, with oidc-provider and koa, about a second of a cold
 * start here) load with the first request for one of its paths, so a start that serves pages
 * never waits for them (docs/performance.md, "Cold start").
 */
export type ProviderRequestHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

function pathnameOf(url: string | undefined): string {
  const raw = url ?? "/";
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

/** A fault around the provider (it answers its own errors): the error page, never a stack. */
function failed(request: IncomingMessage, response: ServerResponse, error: unknown): void {
  log().error({ event: "oidc request failed", err: describeFault(error), path: pathnameOf(request.url) }, "the OpenID Provider could not answer");
  if (response.headersSent) {
    response.end();
    return;
  }
  const html = errorPage(pageLang(undefined, request.headers), "server_error");
  response.writeHead(500, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html), "cache-control": "no-store" });
  response.end(html);
}

export function providerRequestHandler(): ProviderRequestHandler {
  return (request, response) => {
    const pathname = pathnameOf(request.url);
    if (!isProviderPath(pathname) && !isFedcmPath(pathname)) return false;
    import("./answer")
      .then(({ answer }) => answer(request, response, pathname))
      .catch((error: unknown) => failed(request, response, error));
    return true;
  };
}
