import type { IncomingMessage, ServerResponse } from "node:http";
import { oneRequest } from "./adapter";
import { answerConsent } from "./consent";
import { answerFedcm } from "./fedcm/routes";
import { isFedcmPath } from "./fedcm/paths";
import { answerInteraction, INTERACTION_PATH } from "./interaction";
import { oidcProvider } from "./provider";
import { issuer } from "./settings";

// How the OpenID Provider answers a request mount.ts handed it (this module loads with the first
// such request). Before the provider sees a request its scheme and host are set to the issuer's.

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

export async function answer(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
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

