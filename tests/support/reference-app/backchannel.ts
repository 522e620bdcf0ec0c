import { jwtVerify, type JWTVerifyGetKey } from "jose";

/**
 * A back-channel logout token (OpenID Connect Back-Channel Logout 1.0, §2.4 and §2.6): a JWT
 * signed by the provider with a key of its JWKS, for this client (aud), from this issuer, recent,
 * with the back-channel logout event, a sub or a sid (or both), and no nonce. jose checks the
 * signature, iss, aud and times; the rest is checked here. A jti seen before is a replay.
 */
export const LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";

export class LogoutTokenError extends Error {
  override readonly name = "LogoutTokenError";
}

export type LogoutTokenCheck = { issuer: string; clientId: string; keys: JWTVerifyGetKey; seen: Set<string> };

export async function verifyLogoutToken(token: string, check: LogoutTokenCheck): Promise<{ sub?: string; sid?: string }> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, check.keys, {
      issuer: check.issuer,
      audience: check.clientId,
      algorithms: ["ES256", "RS256"],
      requiredClaims: ["iat", "jti", "events"],
      maxTokenAge: "5 minutes",
    }));
  } catch (error) {
    throw new LogoutTokenError(`not a valid logout token: ${error instanceof Error ? error.message : String(error)}`);
  }
  const events = payload.events;
  if (typeof events !== "object" || events === null || !(LOGOUT_EVENT in events)) throw new LogoutTokenError("no back-channel logout event");
  if ("nonce" in payload) throw new LogoutTokenError("a logout token carries no nonce");
  const sub = typeof payload.sub === "string" ? payload.sub : undefined;
  const sid = typeof payload.sid === "string" ? payload.sid : undefined;
  if (sub === undefined && sid === undefined) throw new LogoutTokenError("neither sub nor sid");
  const jti = String(payload.jti);
  if (check.seen.has(jti)) throw new LogoutTokenError("this logout token was used already");
  check.seen.add(jti);
  return { ...(sub === undefined ? {} : { sub }), ...(sid === undefined ? {} : { sid }) };
}
