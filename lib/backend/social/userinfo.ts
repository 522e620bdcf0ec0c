import * as oidc from "openid-client";

/**
 * The claims a sign-in reads: the ID token's, and, when it carries no verified email, the
 * provider's userinfo answer. A standard OpenID provider puts the `email` and `profile` scopes'
 * claims in userinfo rather than in the ID token of a code flow (OpenID Connect Core 5.4; panva's
 * oidc-provider does so by default), so without this every new user would be asked for an email.
 *
 * The answer is read with the access token of the same code exchange, and openid-client refuses
 * it unless its `sub` is the ID token's. The subject stays the ID token's; userinfo gives the
 * email (with its own email_verified) when it has one, and the name claims the ID token lacks.
 */
const NAME_CLAIMS = ["name", "given_name", "family_name"] as const;

export async function claimsWithUserInfo(
  config: oidc.Configuration,
  tokens: { access_token?: string },
  claims: Readonly<Record<string, unknown>> & { sub: string },
): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = { ...claims };
  if (hasVerifiedEmail(claims) || !tokens.access_token || !config.serverMetadata().userinfo_endpoint) return merged;
  const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  if (typeof info.email === "string") {
    merged.email = info.email;
    merged.email_verified = info.email_verified;
  }
  for (const name of NAME_CLAIMS) if (merged[name] === undefined && info[name] !== undefined) merged[name] = info[name];
  return merged;
}

function hasVerifiedEmail(claims: Readonly<Record<string, unknown>>): boolean {
  return typeof claims.email === "string" && (claims.email_verified === true || claims.email_verified === "true");
}
