import { generateKeyPairSync, randomBytes } from "node:crypto";
import { asc } from "drizzle-orm";
import { now } from "../clock";
import type { Db } from "../db/client";
import { oidcSigningKeys } from "../db/schema";
import { seal, unseal } from "./seal";

/**
 * The provider's signing keys: an ES256 key (P-256) and an RS256 key (RSA 2048, for libraries
 * that know no other), made at the first start and kept sealed in oidc_signing_keys, so every
 * instance and every restart signs with the same keys and publishes them at the JWKS endpoint.
 * Two instances starting at once on an empty database may each add a pair: both are published,
 * and each signs with the oldest key of an algorithm, so tokens verify either way.
 */
export type PrivateJwk = { kty: string; kid: string; alg: string; use: "sig" } & Record<string, string>;

const ALGORITHMS = ["ES256", "RS256"] as const;

function generate(alg: (typeof ALGORITHMS)[number]): PrivateJwk {
  const pair = alg === "ES256" ? generateKeyPairSync("ec", { namedCurve: "P-256" }) : generateKeyPairSync("rsa", { modulusLength: 2048 });
  // a plain object by JSON: a JWK that Node exports belongs to its own realm, which jest's sandbox tells apart
  const jwk = JSON.parse(JSON.stringify(pair.privateKey.export({ format: "jwk" }))) as Record<string, string>;
  return { ...jwk, kty: String(jwk.kty), kid: randomBytes(12).toString("base64url"), alg, use: "sig" };
}

async function storedKeys(db: Db): Promise<PrivateJwk[]> {
  const rows = await db.select().from(oidcSigningKeys).orderBy(asc(oidcSigningKeys.createdAt), asc(oidcSigningKeys.kid));
  const keys: PrivateJwk[] = [];
  for (const row of rows) {
    const plain = await unseal("oidc-signing-key", row.kid, row.privateJwkSealed);
    // a key sealed under another secret (CODE_SECRET changed) cannot sign: it is left out, and a new one is made
    if (plain !== null) keys.push(JSON.parse(plain) as PrivateJwk);
  }
  return keys;
}

/** The keys to sign with, oldest first; an algorithm without one gets a new key now. */
export async function loadSigningKeys(db: Db): Promise<PrivateJwk[]> {
  const keys = await storedKeys(db);
  const missing = ALGORITHMS.filter((alg) => !keys.some((key) => key.alg === alg));
  if (missing.length === 0) return keys;
  for (const alg of missing) {
    const jwk = generate(alg);
    await db.insert(oidcSigningKeys).values({ kid: jwk.kid, alg, privateJwkSealed: await seal("oidc-signing-key", jwk.kid, JSON.stringify(jwk)), createdAt: now() });
  }
  return storedKeys(db);
}
