import type { IncomingMessage, ServerResponse } from "node:http";
import type { default as Provider, InteractionResults } from "oidc-provider";
import { FRESH_SIGN_IN, FRESH_SIGN_IN_PARAM, PASSKEY_STEP_UP, STEP_UP_PARAM } from "@/lib/contract/fresh-sign-in";
import { hasPasskey } from "../services/passkeys/owned";
import { portalSignIn, amrOf, markSessionFromApp } from "./account";
import { acrOfAmr, meetsAcrValues, passkeyOnly } from "./acr";
import { clientPolicy } from "./clients";
import { interactionOrExpired, sendHtml, showConsent } from "./consent";
import { expiredPage, pageLang } from "./pages";
import { issuer, OIDC_PREFIX } from "./settings";

/**
 * The provider's interaction is the portal's own sign-in (ARCHITECTURE "Apps sign in through a
 * standard OpenID Provider"). The provider sends the browser to /oidc/interaction/{uid} (its
 * interaction cookie is scoped to that path); there:
 *
 * - no portal sign-in in this browser: on to the portal's sign-in page, `/{lang}/login?r=…`, with
 *   this same address as `r` (the portal's own origin is always a target it follows) and the app's
 *   brand as `p`. Every way in, the second step and the new-device check work as they do for the
 *   portal, which comes back here once its utoken cookie is set;
 * - a portal sign-in (the utoken cookie, checked by the services' own session rule): the login
 *   is finished with that account, and the browser goes back to the provider, which answers the
 *   app. A user already signed in to the portal is not asked again (single sign-on);
 * - an app asked for a fresh sign-in (prompt=login, or a max_age the portal sign-in is older than):
 *   the sign-in page with `reauth=1`, which renders for a signed-in user too; only a portal sign-in
 *   made after the interaction began is taken;
 * - an app whose acr_values only a passkey meets (`phr`), for an account with a passkey: the
 *   sign-in page with `reauth=1&stepup=passkey`, which offers the passkey alone, and any other
 *   sign-in made meanwhile (a password) sends the browser back there instead of finishing;
 * - the consent step of a first-party app (asked for with prompt=consent) is granted here; a
 *   third-party app's shows the consent screen, whose answer comes back here by POST (consent.ts).
 */
export const INTERACTION_PATH = new RegExp(`^${OIDC_PREFIX}/interaction/([A-Za-z0-9_-]{1,64})$`);

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, "content-length": "0", "cache-control": "no-store" });
  response.end();
}

function finish(provider: Provider, request: IncomingMessage, response: ServerResponse, result: InteractionResults): Promise<void> {
  return provider.interactionFinished(request, response, result, { mergeWithLastSubmission: true });
}

/**
 * A fetch that is not the browser going there: Next's router prefetching or fetching a link's
 * payload (`next-router-prefetch`, `rsc`), or a browser's speculative prefetch (`sec-purpose`).
 * Answered with nothing, the interaction untouched: finishing it there would spend the sign-in
 * before the user's click (a Next link to `r` did). Next then navigates for real.
 */
function isPrefetch(request: IncomingMessage): boolean {
  const { headers } = request;
  const purpose = `${String(headers["sec-purpose"] ?? "")} ${String(headers.purpose ?? "")}`;
  return headers["next-router-prefetch"] !== undefined || headers.rsc !== undefined || purpose.includes("prefetch");
}

export async function answerInteraction(provider: Provider, request: IncomingMessage, response: ServerResponse, uid: string): Promise<void> {
  if (isPrefetch(request)) {
    response.writeHead(204, { "cache-control": "no-store", vary: "rsc, next-router-prefetch, sec-purpose" });
    response.end();
    return;
  }
  const details = await interactionOrExpired(provider, request, response);
  if (!details) return;
  const lang = pageLang(details.params.ui_locales, request.headers);
  if (details.uid !== uid) return sendHtml(response, 400, expiredPage(lang));
  const clientId = String(details.params.client_id);

  if (details.prompt.name === "login") {
    const signedIn = await portalSignIn(request.headers);
    const authTime = signedIn ? Math.floor(signedIn.session.createdAt.getTime() / 1000) : 0;
    // A fresh sign-in (prompt=login, or max_age shorter than the portal sign-in's age): only a
    // portal sign-in made after the provider asked counts; the sign-in page asks a signed-in user
    // again when told to (reauth=1), instead of sending them straight back here.
    // So is a sign-in below the app's acr_values (acr.ts): the sign-in page asks again, where the
    // account's own factors (its two-step, a passkey) decide what the new sign-in proves.
    const reasons = details.prompt.reasons;
    const amr = signedIn ? amrOf(signedIn.session) : [];
    const stepUp = signedIn !== null && !meetsAcrValues(acrOfAmr(amr), details.params.acr_values);
    const fresh = reasons.includes("login_prompt") || reasons.includes("max_age") || stepUp;
    // only a passkey meets what the app asked, and the account has one: nothing less is taken,
    // however recent (the app asked for phr; the account could give it)
    const passkeyAsked = signedIn !== null && passkeyOnly(details.params.acr_values) && (await hasPasskey(signedIn.user.id));
    const belowPasskey = passkeyAsked && acrOfAmr(amr) !== "phr";
    if (!signedIn || (fresh && authTime < (details.iat ?? 0)) || belowPasskey) {
      const query = new URLSearchParams({ r: `${issuer()}${OIDC_PREFIX}/interaction/${uid}` });
      const brand = (await clientPolicy(clientId))?.brand;
      if (brand) query.set("p", brand);
      if (signedIn) query.set(FRESH_SIGN_IN_PARAM, FRESH_SIGN_IN);
      if (passkeyAsked) query.set(STEP_UP_PARAM, PASSKEY_STEP_UP);
      return redirect(response, `/${lang}/login?${query}`);
    }
    // A portal sign-in made after the provider asked was made for this app: the login log names
    // the app. An older one, reused by single sign-on, keeps the name of where it began.
    if (authTime >= (details.iat ?? Infinity)) await markSessionFromApp(signedIn.session.id, clientId);
    // acr: the level this sign-in reached, whatever was asked (the app compares)
    return finish(provider, request, response, {
      login: { accountId: signedIn.user.id, ...(amr.length > 0 ? { amr } : {}), acr: acrOfAmr(amr), remember: signedIn.session.remember, ts: authTime },
    });
  }

  if (details.prompt.name === "consent") {
    const policy = await clientPolicy(clientId);
    const accountId = details.session?.accountId;
    if (!policy || !accountId) return finish(provider, request, response, { error: "access_denied", error_description: "the app is no longer registered" });
    // a third-party app: the user says what it may have (consent.ts)
    if (!policy.firstParty) return showConsent(response, details, lang, policy);
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details.missingOIDCScope;
    if (Array.isArray(missing)) grant.addOIDCScope(missing.map(String));
    const claims = details.prompt.details.missingOIDCClaims;
    if (Array.isArray(claims)) grant.addOIDCClaims(claims.map(String));
    return finish(provider, request, response, { consent: { grantId: await grant.save() } });
  }

  return finish(provider, request, response, { error: "invalid_request", error_description: "unknown interaction" });
}
