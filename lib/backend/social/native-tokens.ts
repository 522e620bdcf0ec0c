import * as oidc from "openid-client";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { ErrorCode, ServiceError } from "../errors";
import { log } from "../log";
import { reasonOf } from "./reason";
import { singleton } from "../singleton";
import { identityFromClaims, type Identity } from "./identity";
import { acceptedClientIds, providerClient, type ProviderClient } from "./providers";

/**
 * Tokens a native app got from a provider itself (login-with-accesstoken). Nothing is taken on
 * the app's word:
 * - an ID token is verified with jose against the provider's published keys (JWKS from
 *   discovery): its signature, issuer, audience (the client id the app names, which must be one
 *   of ours) and expiry;
 * - an access token is asked about at the provider's introspection endpoint (RFC 7662, through
 *   openid-client): it must be active and issued to that client id; the user's email then comes
 *   from the provider's userinfo for the same subject. A provider without introspection accepts
 *   ID tokens only.
 * Every refusal is 20301; the reason is logged, never the token.
 */
type RemoteKeys = ReturnType<typeof createRemoteJWKSet>;

function remoteKeys(jwksUri: string): RemoteKeys {
  const cache = singleton("socialRemoteKeys", () => new Map<string, RemoteKeys>());
  let keys = cache.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000 });
    cache.set(jwksUri, keys);
  }
  return keys;
}

function refuse(channel: string, reason: string, error?: unknown): ServiceError {
  log().info({ channel, reason, ...(error ? { err: reasonOf(error) } : {}) }, "social token refused");
  return new ServiceError(ErrorCode.socialAuthFailed);
}

async function fromIdToken(client: ProviderClient, idToken: string, audience: string): Promise<Identity> {
  const metadata = client.config.serverMetadata();
  if (!metadata.jwks_uri) throw refuse(client.settings.channel, "no jwks_uri");
  try {
    const { payload } = await jwtVerify(idToken, remoteKeys(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience,
      requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
      algorithms: metadata.id_token_signing_alg_values_supported ?? ["RS256"],
    });
    return identityFromClaims(client.settings.channel, payload);
  } catch (error) {
    throw refuse(client.settings.channel, "id token", error);
  }
}

function audiencesOf(answer: oidc.IntrospectionResponse): string[] {
  const aud = answer.aud;
  return [answer.client_id, ...(Array.isArray(aud) ? aud : [aud])].filter((value): value is string => typeof value === "string");
}

async function fromAccessToken(client: ProviderClient, accessToken: string, audience: string): Promise<Identity> {
  if (!client.config.serverMetadata().introspection_endpoint) throw refuse(client.settings.channel, "no introspection endpoint");
  let answer: oidc.IntrospectionResponse;
  try {
    answer = await oidc.tokenIntrospection(client.config, accessToken);
  } catch (error) {
    throw refuse(client.settings.channel, "introspection", error);
  }
  if (!answer.active) throw refuse(client.settings.channel, "inactive access token");
  if (!audiencesOf(answer).includes(audience)) throw refuse(client.settings.channel, "access token of another client");
  if (typeof answer.exp === "number" && answer.exp * 1000 <= Date.now()) throw refuse(client.settings.channel, "expired access token");
  const subject = answer.sub;
  if (typeof subject !== "string" || !subject) throw refuse(client.settings.channel, "no subject");
  try {
    const userinfo = await oidc.fetchUserInfo(client.config, accessToken, subject);
    return identityFromClaims(client.settings.channel, userinfo);
  } catch (error) {
    throw refuse(client.settings.channel, "userinfo", error);
  }
}

/** The identity behind a native app's provider token; `cid` must be a client id of ours for that provider. */
export async function verifyNativeToken(channel: string, input: { cid: string; idToken?: string; accessToken?: string }): Promise<Identity> {
  const client = await providerClient(channel);
  if (!acceptedClientIds(client).includes(input.cid)) throw refuse(channel, "unknown client id");
  if (input.idToken) return fromIdToken(client, input.idToken, input.cid);
  // Apple hands native apps an ID token; its access tokens cannot be checked.
  if (channel === "apple" || !input.accessToken) throw refuse(channel, "id token required");
  return fromAccessToken(client, input.accessToken, input.cid);
}
