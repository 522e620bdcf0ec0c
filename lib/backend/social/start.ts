import * as oidc from "openid-client";
import type { SocialAuthQuery } from "@/lib/contract/social";
import { getConfig } from "../config";
import { ErrorCode, ServiceError } from "../errors";
import { log } from "../log";
import { redeemBindTicket } from "./bind-ticket";
import { allowedReturnUri, pendingCookiePath, providerRedirectUri, returnUrl, servicesBase } from "./addresses";
import { pendingCookieName, pendingCookieOptions, sealPending, type PendingAuthorization } from "./pending";
import { providerClient } from "./providers";

/**
 * GET /v1/oauth/{channel}/auth: the first leg of a social sign-in. The portal's callback address
 * is checked first; a foreign one gets a plain 20307 and no redirect, so nothing ever travels to
 * it. Every later refusal goes back to that checked address with the error code.
 *
 * op=bind names the session by a one-time bind ticket in `bt` (bind-ticket.ts; the portal asks
 * for it server to server), never by the session token: `ut` is not accepted (20101). The
 * pending authorization remembers the account and session.
 */
export type Redirect = {
  location: string;
  cookie?: { name: string; value: string; options: ReturnType<typeof pendingCookieOptions> };
};

function providerLocale(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  return /^zh/i.test(lang) ? "zh-CN" : "en";
}

export async function startAuthorization(channel: string, query: SocialAuthQuery, host: string | null): Promise<Redirect> {
  const settings = getConfig().social;
  const uri = allowedReturnUri(query.uri, settings);
  if (!uri) throw new ServiceError(ErrorCode.socialReturnNotAllowed);
  const back = { r: query.r ?? null, p: query.appCode ?? null };
  try {
    const client = await providerClient(channel);
    if (query.cid && query.cid !== client.settings.clientId) throw new ServiceError(ErrorCode.socialAuthFailed);
    let account: { userId: string; sessionId: string } | null = null;
    if (query.op === "bind") {
      if (!query.bt) throw new ServiceError(ErrorCode.loginExpired);
      account = await redeemBindTicket(query.bt, channel);
    }
    const base = servicesBase(settings, host);
    const pending: PendingAuthorization = {
      channel,
      op: query.op,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      redirectUri: providerRedirectUri(base, channel),
      uri: uri.href,
      r: back.r,
      p: back.p,
      userId: account?.userId ?? null,
      sessionId: account?.sessionId ?? null,
      app: { appCode: query.appCode ?? null, platform: query.appPlatform ?? null, appVersion: query.appVersion ?? null },
      deviceHash: query.dh ?? null,
    };
    const parameters: Record<string, string> = {
      redirect_uri: pending.redirectUri,
      scope: client.settings.scopes,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: "S256",
    };
    if (client.settings.responseMode === "form_post") parameters.response_mode = "form_post";
    const locale = providerLocale(query.lang);
    if (locale) parameters.ui_locales = locale;
    const location = oidc.buildAuthorizationUrl(client.config, parameters).href;
    return {
      location,
      cookie: { name: pendingCookieName(pending.state), value: await sealPending(pending), options: pendingCookieOptions(base, pendingCookiePath(base, channel)) },
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    log().info({ channel, op: query.op, code: error.code }, "social sign-in not started");
    return { location: returnUrl(uri.href, { kind: "failed", code: error.code, op: query.op }, back) };
  }
}
