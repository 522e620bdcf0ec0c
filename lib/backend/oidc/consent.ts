import type { IncomingMessage, ServerResponse } from "node:http";
import { errors, type default as Provider } from "oidc-provider";
import { hmacHex, sameHex } from "../crypto";
import type { Lang } from "../lang";
import { deriveSecret } from "../secrets";
import { clientPolicy } from "./clients";
import { CONSENT_SCOPES, consentPage } from "./consent-page";
import { errorPage, expiredPage, pageLang } from "./pages";
import { issuer, OIDC_PREFIX } from "./settings";
import { readCappedForm } from "./form-body";

/**
 * A third-party app's consent (issue: "a third-party client gets a consent screen naming what it
 * asks for"), after panva/node-oidc-provider's example/routes: the interaction shows what the app
 * asks for; Allow adds those scopes (and claims) to the user's grant for the app and finishes the
 * interaction with it, Deny finishes it with access_denied, which the provider sends back to the
 * app with its `state` and `iss`. A remembered grant is not asked again (the provider's consent
 * prompt only asks for what the grant lacks) unless the app asks for more or sends prompt=consent.
 *
 * The form is protected as the sign-in is: the interaction cookie (the provider's, scoped to this
 * path, bound to the uid) proves it is the browser that began the sign-in, the Origin must be the
 * issuer's (a server action's rule), and a token derived from the uid and the services' secret,
 * which only the page shows, proves the form came from the page.
 */
type Details = Awaited<ReturnType<Provider["interactionDetails"]>>;

const FORM_MAX_BYTES = 2_048;

export function consentAction(uid: string): string {
  return `${OIDC_PREFIX}/interaction/${uid}`;
}

async function consentXsrf(uid: string): Promise<string> {
  return hmacHex(Buffer.from(await deriveSecret("oidc-consent"), "hex"), uid);
}

/** What the app asks for: its OIDC scopes (offline_access only with prompt=consent, as the provider grants it) and claims. */
function asked(details: Details): { scopes: string[]; claims: string[] } {
  const requested = String(details.params.scope ?? "").split(" ");
  const prompts = String(details.params.prompt ?? "").split(" ");
  const missing = details.prompt.details.missingOIDCScope;
  const all = new Set([...requested, ...(Array.isArray(missing) ? missing.map(String) : [])]);
  const scopes = CONSENT_SCOPES.filter((scope) => all.has(scope) && (scope !== "offline_access" || prompts.includes("consent")));
  const claims = details.prompt.details.missingOIDCClaims;
  return { scopes, claims: Array.isArray(claims) ? claims.map(String) : [] };
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html), "cache-control": "no-store" });
  response.end(html);
}

/** The consent screen of a third-party app, for the interaction `details` (a consent prompt). */
export async function showConsent(response: ServerResponse, details: Details, lang: Lang, client: { name: string; brand: string | null }): Promise<void> {
  const { scopes, claims } = asked(details);
  const html = consentPage(lang, { action: consentAction(details.uid), xsrf: await consentXsrf(details.uid), app: client.name, brand: client.brand, scopes, claims });
  sendHtml(response, 200, html);
}

/** A browser's own form: the Origin it sends (or, without one, Sec-Fetch-Site) is the issuer's. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === new URL(issuer()).origin;
  const site = request.headers["sec-fetch-site"];
  return site === undefined || site === "same-origin";
}

/** The interaction this request belongs to, or null once the expired page is sent (its cookie gone or stale). */
export async function interactionOrExpired(provider: Provider, request: IncomingMessage, response: ServerResponse): Promise<Details | null> {
  try {
    return await provider.interactionDetails(request, response);
  } catch (error) {
    if (!(error instanceof errors.SessionNotFound)) throw error;
    sendHtml(response, 400, expiredPage(pageLang(undefined, request.headers)));
    return null;
  }
}

/** POST /oidc/interaction/{uid}: the user's Allow or Deny. */
export async function answerConsent(provider: Provider, request: IncomingMessage, response: ServerResponse, uid: string): Promise<void> {
  const form = await readCappedForm(request, FORM_MAX_BYTES);
  // an oversized body is answered at once: the connection may already be cut, and the provider
  // cannot read the interaction's cookie from a request without its socket (a 500)
  if (!form) return sendHtml(response, 413, errorPage(pageLang(undefined, request.headers), "invalid_request"));
  const details = await interactionOrExpired(provider, request, response);
  if (!details) return;
  const lang = pageLang(details.params.ui_locales, request.headers);
  const accountId = details.session?.accountId;
  if (details.uid !== uid || details.prompt.name !== "consent" || !accountId) return sendHtml(response, 400, expiredPage(lang));
  const xsrf = form?.get("xsrf") ?? "";
  if (!form || !sameOrigin(request) || !sameHex(xsrf, await consentXsrf(uid))) return sendHtml(response, 403, errorPage(lang, "invalid_request"));
  const decision = form.get("decision");
  if (decision !== "allow" && decision !== "deny") return sendHtml(response, 400, errorPage(lang, "invalid_request"));

  const clientId = String(details.params.client_id);
  if (decision === "deny" || !(await clientPolicy(clientId))) {
    return provider.interactionFinished(request, response, { error: "access_denied", error_description: "the user did not allow the app" }, { mergeWithLastSubmission: true });
  }
  const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
  const { scopes, claims } = asked(details);
  grant.addOIDCScope(scopes.join(" "));
  if (claims.length > 0) grant.addOIDCClaims(claims);
  return provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}
