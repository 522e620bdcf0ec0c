import { importPKCS8, SignJWT } from "jose";
import { singleton } from "../singleton";
import type { AppleKey } from "./settings";

/**
 * Apple's client secret is not a fixed string: it is a JWT the client signs with its private key
 * (ES256), naming the team (iss), the client (sub) and Apple (aud, its issuer). It may live up
 * to six months; ours live an hour and are made again after half of that.
 */
const LIFETIME_SECONDS = 3600;
const RENEW_AFTER_SECONDS = LIFETIME_SECONDS / 2;

type Cached = { secret: string; madeAt: number };

export async function appleClientSecret(key: AppleKey, input: { clientId: string; audience: string }): Promise<string> {
  const cache = singleton("appleClientSecrets", () => new Map<string, Cached>());
  const id = `${key.teamId}|${key.keyId}|${input.clientId}|${input.audience}`;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const hit = cache.get(id);
  if (hit && nowSeconds - hit.madeAt < RENEW_AFTER_SECONDS) return hit.secret;
  const privateKey = await importPKCS8(key.privateKey, "ES256");
  const secret = await new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: key.keyId })
    .setIssuer(key.teamId)
    .setSubject(input.clientId)
    .setAudience(input.audience)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + LIFETIME_SECONDS)
    .sign(privateKey);
  cache.set(id, { secret, madeAt: nowSeconds });
  return secret;
}
