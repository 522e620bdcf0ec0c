import type { IncomingMessage, ServerResponse } from "node:http";
import { describeFault, log } from "../log";
import { answerConsent } from "./consent";
import { answerFedcm, isFedcmPath } from "./fedcm/routes";
import { answerInteraction, INTERACTION_PATH } from "./interaction";
import { errorPage, pageLang } from "./pages";
import { oidcProvider } from "./provider";
import { oneRequest } from "./adapter";
import { isProviderPath, issuer } from "./settings";


/**
 * The OpenID Provider in the portal's own server (lib/server/portal-server.ts hands it every
 * request, server.ts passes this in when the services are embedded): it takes the requests for
 * its paths (settings.ts: discovery and /oidc/…; FedCM's well-known file) and answers them; everything else goes on to Next.
 *
 * Before the provider sees a request its scheme and host are set to the issuer's (the provider
 * builds its endpoints' URLs and secure cookies from them), so what a client sends as Host or
 * X-Forwarded-* never reaches an address the provider writes (ARCHITECTURE: the portal's origin
 * comes from configuration).
 */
export type ProviderRequestHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

function pathnameOf(url: string | undefined): string {
  const raw = url ?? "/";
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

/**
 * The provider's pages' policy, in place of the portal pages' one (lib/security/headers.ts): its
 * forms end at an app (the sign-out confirmation's redirect to a registered post-logout URI, a
 * form_post answer to a registered redirect URI), which the portal's `form-action 'self'` would
 * block, so form-action is left open; scripts only by the hash oidc-provider adds for its one
 * inline script; never framed.
 */
export const PROVIDER_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

function pinOrigin(request: IncomingMessage): void {
  const origin = new URL(issuer());
  request.headers.host = origin.host;
  request.headers["x-forwarded-proto"] = origin.protocol.slice(0, -1);
  delete request.headers["x-forwarded-host"];
}

async function answer(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
  pinOrigin(request);
  // FedCM's endpoints (docs/fedcm.md): JSON for the browser, one more door onto the same grants
  if (isFedcmPath(pathname)) return answerFedcm(request, response, pathname);
  response.setHeader("content-security-policy", PROVIDER_CSP);
  const { provider, callback } = await oidcProvider();
  const interaction = INTERACTION_PATH.exec(pathname);
  if (interaction?.[1] && request.method === "GET") return answerInteraction(provider, request, response, interaction[1]);
  if (interaction?.[1] && request.method === "POST") return answerConsent(provider, request, response, interaction[1]);
  oneRequest(() => callback(request, response));
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
    answer(request, response, pathname).catch((error: unknown) => failed(request, response, error));
    return true;
  };
}
