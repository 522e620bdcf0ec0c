import * as oidc from "openid-client";
import { getConfig } from "../config";
import { ErrorCode, ServiceError } from "../errors";
import { log } from "../log";
import { reasonOf } from "./reason";
import type { ClientInfo } from "../services/sessions";
import { bindIdentity, signInWithIdentity, type SocialOutcome } from "../services/social-sign-in";
import { callbackAllowlist, returnUrl, type SocialReturn } from "./addresses";
import { appleUserName, identityFromClaims, type Identity } from "./identity";
import { claimState, pendingCookieName, unsealPending, type PendingAuthorization } from "./pending";
import { keepProviderKeys, providerClient } from "./providers";
import { claimsWithUserInfo } from "./userinfo";
import type { Redirect } from "./start";

/**
 * GET and POST (form_post) /v1/oauth/{channel}/callback: the provider's answer. Refused, with
 * no session and no connection, unless all of this holds: the browser holds the sealed pending
 * authorization of this state (so the answer comes back to the browser that asked); the state
 * was not used before; the provider did not report an error; and openid-client accepts the
 * answer and the code exchange (state, PKCE, and the ID token's signature, issuer, audience,
 * expiry and nonce), and the userinfo answer when it is read (its `sub` the ID token's).
 */
export type CallbackParams = { code?: string; state?: string; error?: string; iss?: string; user?: string };

export type Finished = Redirect & { clearCookie: string | null };

async function identityOf(pending: PendingAuthorization, params: CallbackParams): Promise<Identity> {
  const client = await providerClient(pending.channel);
  const current = new URL(pending.redirectUri);
  for (const name of ["code", "state", "iss"] as const) {
    const value = params[name];
    if (value) current.searchParams.set(name, value);
  }
  try {
    const tokens = await oidc.authorizationCodeGrant(client.config, current, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    keepProviderKeys(client);
    const claims = tokens.claims();
    if (!claims) throw new ServiceError(ErrorCode.socialAuthFailed);
    // a standard provider may give the email in userinfo only (lib/backend/social/userinfo.ts)
    return identityFromClaims(pending.channel, await claimsWithUserInfo(client.config, tokens, claims), appleUserName(params.user));
  } catch (error) {
    if (error instanceof ServiceError && error.code !== ErrorCode.socialAuthFailed) throw error;
    log().info({ channel: pending.channel, err: reasonOf(error) }, "social callback refused");
    throw new ServiceError(ErrorCode.socialAuthFailed);
  }
}

/** A sign-in two-step holds (20901) is no failure here: its ticket goes to the portal's second-step screen. */
async function heldForSecondStep(signIn: () => Promise<SocialOutcome>): Promise<SocialOutcome | { kind: "twoStep"; ticket: string }> {
  try {
    return await signIn();
  } catch (error) {
    const ticket = error instanceof ServiceError && error.code === ErrorCode.twoStepRequired ? error.data?.ticket : undefined;
    if (typeof ticket !== "string") throw error;
    return { kind: "twoStep", ticket };
  }
}

async function outcomeOf(pending: PendingAuthorization, params: CallbackParams, client: ClientInfo): Promise<SocialReturn> {
  if (!(await claimState(pending.state))) throw new ServiceError(ErrorCode.socialAuthFailed);
  if (params.error || !params.code) throw new ServiceError(ErrorCode.socialAuthFailed);
  const identity = await identityOf(pending, params);
  if (pending.op === "bind") {
    if (!pending.userId) throw new ServiceError(ErrorCode.socialAuthFailed);
    await bindIdentity({ userId: pending.userId, sessionId: pending.sessionId }, identity);
    return { kind: "bound", channel: pending.channel };
  }
  const from: ClientInfo = {
    ...client,
    appCode: pending.app.appCode ?? client.appCode,
    platform: pending.app.platform ?? client.platform,
    appVersion: pending.app.appVersion ?? client.appVersion,
  };
  const outcome = await heldForSecondStep(() => signInWithIdentity(identity, from, pending.deviceHash ?? null));
  if (outcome.kind === "twoStep") return { kind: "twoStep", ticket: outcome.ticket, channel: pending.channel };
  return outcome.kind === "session"
    ? { kind: "signedIn", token: outcome.token, created: outcome.created, channel: pending.channel }
    : { kind: "ticket", ticket: outcome.ticket, channel: pending.channel };
}

export async function finishAuthorization(
  channel: string,
  params: CallbackParams,
  cookies: Readonly<Record<string, string>>,
  client: ClientInfo,
  host: string | null = null,
): Promise<Finished> {
  const cookieName = params.state ? pendingCookieName(params.state) : null;
  const pending = cookieName ? await unsealPending(cookies[cookieName]) : null;
  if (!pending || pending.state !== params.state || pending.channel !== channel) {
    // No pending authorization of this browser: the portal's first callback address hears of it.
    log().info({ channel, reason: pending ? "mismatch" : "no pending authorization" }, "social callback refused");
    const allowed = callbackAllowlist(getConfig().social);
    const fallback = allowed.find((uri) => new URL(uri).host === host) ?? allowed[0] ?? null;
    if (!fallback) throw new ServiceError(ErrorCode.socialAuthFailed);
    return { location: returnUrl(fallback, { kind: "failed", code: ErrorCode.socialAuthFailed, op: "login" }, {}), clearCookie: cookieName };
  }
  const back = { r: pending.r, p: pending.p };
  try {
    return { location: returnUrl(pending.uri, await outcomeOf(pending, params, client), back), clearCookie: cookieName };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    log().info({ channel, op: pending.op, code: error.code }, "social sign-in refused");
    return { location: returnUrl(pending.uri, { kind: "failed", code: error.code, op: pending.op }, back), clearCookie: cookieName };
  }
}
