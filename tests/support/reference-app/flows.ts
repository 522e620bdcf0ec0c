import * as oidc from "openid-client";
import type { AppSession, Lang, Notice, SignedIn } from "./sessions";

/**
 * The protocol steps of the reference app, each one call of openid-client: the library makes the
 * PKCE pair, state and nonce, and checks the callback (state, iss, the code exchange, the ID
 * token's signature, nonce and audience); nothing is parsed by hand.
 */
const SCOPE = "openid email profile offline_access";

export const uiLocales = (lang: Lang) => (lang === "zh" ? "zh-CN" : "en");

export async function authorizationRedirect(config: oidc.Configuration, session: AppSession, options: { origin: string; silent: boolean; lang: Lang | null; acr?: "phr" | null }): Promise<URL> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  session.pending = { verifier, state, nonce, silent: options.silent, lang: options.lang };
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${options.origin}/callback`,
    // a refresh token needs offline_access, which the provider grants only with prompt=consent
    // (a first-party app sees no consent screen); a silent renewal asks for no new refresh token
    scope: options.silent ? "openid email profile" : SCOPE,
    prompt: options.silent ? "none" : "consent",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...(options.lang ? { ui_locales: uiLocales(options.lang) } : {}),
    ...(options.acr ? { acr_values: options.acr } : {}),
  });
}

export async function signInFromCallback(config: oidc.Configuration, session: AppSession, callback: URL): Promise<Notice> {
  const pending = session.pending;
  session.pending = null;
  if (!pending) return { kind: "error", text: "No sign-in was started here (or it was already finished)." };
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return { kind: "error", text: "The provider sent no ID token." };
    // email is a userinfo claim when an access token is issued (the provider's default)
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    const before = session.user;
    session.user = {
      sub: claims.sub,
      sid: typeof claims.sid === "string" ? claims.sid : null,
      email: typeof info.email === "string" ? info.email : null,
      amr: Array.isArray(claims.amr) ? claims.amr.map(String) : [],
      lang: pending.lang ?? before?.lang ?? null,
      idToken: tokens.id_token ?? "",
      // a silent renewal brings no refresh token: the one held stays good
      refreshToken: tokens.refresh_token ?? (before?.sub === claims.sub ? before.refreshToken : null),
      previousRefreshToken: null,
    };
    return { kind: "info", text: pending.silent ? "Renewed silently: new tokens, no sign-in page." : "Signed in." };
  } catch (error) {
    // prompt=none while the provider has no session: the user is no longer signed in there
    if (error instanceof oidc.AuthorizationResponseError && error.error === "login_required") {
      session.user = null;
      return { kind: "error", text: "Silent renewal refused: login_required (not signed in at the provider)." };
    }
    throw error;
  }
}

/** A refresh; `replay` presents the refresh token the last refresh spent, to show reuse detection. */
export async function refreshTokens(config: oidc.Configuration, user: SignedIn, replay: boolean): Promise<Notice> {
  const presented = replay ? user.previousRefreshToken : user.refreshToken;
  if (!presented) return { kind: "error", text: "No refresh token is held." };
  if (replay) user.previousRefreshToken = null;
  const tokens = await oidc.refreshTokenGrant(config, presented);
  if (replay) return { kind: "error", text: "The provider accepted a spent refresh token." };
  const rotated = tokens.refresh_token !== undefined && tokens.refresh_token !== presented;
  user.previousRefreshToken = presented;
  user.refreshToken = tokens.refresh_token ?? presented;
  return { kind: "info", text: `Refreshed: a new access token; the refresh token ${rotated ? "changed" : "did not change"}.` };
}

/** A refusal from the provider as the page reports it (its error code, never a token). */
export function describeFailure(error: unknown): Notice {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return { kind: "error", text: `The provider refused: ${error.error}${error.error_description ? ` (${error.error_description})` : ""}.` };
  }
  throw error;
}
