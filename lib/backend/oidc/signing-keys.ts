import { generateKeyPairSync, randomBytes } from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import { now } from "../clock";
import type { Db } from "../db/client";
import { oidcSigningKeys } from "../db/schema";
import { seal, unseal } from "./seal";
import { TTL } from "./settings";

/**
 * The provider's signing keys: an ES256 key (P-256) and an RS256 key (RSA 2048, for libraries
 * that know no other), made at the first start and kept sealed in oidc_signing_keys, so every
 * instance and every restart signs with the same keys and publishes them at the JWKS endpoint.
 *
 * Rotation (`npm run cli -- keys:rotate`) adds a new pair. Of each algorithm the provider signs
 * with the newest key that has been published for PUBLISH_AHEAD seconds (every instance re-reads
 * the keys within KEY_CHECK_SECONDS, provider.ts, so an app that fetches the JWKS from any
 * instance finds a key before a token carries it); at the first start, with the oldest key. A
 * key that a newer one replaced stays published, for verifying only, until the ID tokens it
 * signed have expired (TTL.IdToken after its successor started signing), then it is deleted.
 */
export type PrivateJwk = { kty: string; kid: string; alg: string; use: "sig" } & Record<string, string>;

const ALGORITHMS = ["ES256", "RS256"] as const;
export const PUBLISH_AHEAD = 60;
export const KEY_CHECK_SECONDS = 10;

type KeyRow = { kid: string; alg: string; createdAt: Date };
/** Of the stored keys: which sign, which are only published, and which are spent (to delete). */
type KeyPlan = { signing: string[]; published: string[]; spent: string[] };

function generate(alg: (typeof ALGORITHMS)[number]): PrivateJwk {
  const pair = alg === "ES256" ? generateKeyPairSync("ec", { namedCurve: "P-256" }) : generateKeyPairSync("rsa", { modulusLength: 2048 });
  // a plain object by JSON: a JWK that Node exports belongs to its own realm, which jest's sandbox tells apart
  const jwk = JSON.parse(JSON.stringify(pair.privateKey.export({ format: "jwk" }))) as Record<string, string>;
  return { ...jwk, kty: String(jwk.kty), kid: randomBytes(12).toString("base64url"), alg, use: "sig" };
}

function plan(rows: readonly KeyRow[], at: number): KeyPlan {
  const result: KeyPlan = { signing: [], published: [], spent: [] };
  for (const alg of ALGORITHMS) {
    const keys = rows.filter((row) => row.alg === alg);
    const ready = (row: KeyRow) => row.createdAt.getTime() + PUBLISH_AHEAD * 1000 <= at;
    const active = keys.findLastIndex(ready);
    const signingIndex = active === -1 ? 0 : active;
    keys.forEach((row, index) => {
      if (index === signingIndex) return result.signing.push(row.kid);
      const successor = keys[index + 1];
      // the successor began signing PUBLISH_AHEAD after it was made; the ID tokens of this key expire TTL.IdToken later
      const spentAt = successor ? successor.createdAt.getTime() + (PUBLISH_AHEAD + TTL.IdToken) * 1000 : Infinity;
      (index < signingIndex && spentAt <= at ? result.spent : result.published).push(row.kid);
    });
  }
  return result;
}

async function keyRows(db: Db): Promise<KeyRow[]> {
  return db.select({ kid: oidcSigningKeys.kid, alg: oidcSigningKeys.alg, createdAt: oidcSigningKeys.createdAt }).from(oidcSigningKeys).orderBy(asc(oidcSigningKeys.createdAt), asc(oidcSigningKeys.kid));
}

/** What the provider was built with: when this changes, it is built again with the keys now due. */
export async function signingKeyVersion(db: Db): Promise<string> {
  const { signing, published } = plan(await keyRows(db), now().getTime());
  return JSON.stringify([signing, published]);
}

async function addKey(db: Db, alg: (typeof ALGORITHMS)[number], createdAt = now()): Promise<string> {
  const jwk = generate(alg);
  await db.insert(oidcSigningKeys).values({ kid: jwk.kid, alg, privateJwkSealed: await seal("oidc-signing-key", jwk.kid, JSON.stringify(jwk)), createdAt });
  return jwk.kid;
}

/**
 * The keys to publish, the signing key of each algorithm first (the provider signs with the first
 * key of an algorithm), and the version of the stored keys they come from; an algorithm without a
 * usable key gets one now, and spent keys are deleted.
 */
export async function loadSigningKeys(db: Db): Promise<{ keys: PrivateJwk[]; version: string }> {
  const usable = new Map<string, PrivateJwk>();
  const read = async () => {
    for (const row of await db.select().from(oidcSigningKeys)) {
      const plain = usable.has(row.kid) ? null : await unseal("oidc-signing-key", row.kid, row.privateJwkSealed);
      // a key sealed under another secret (CODE_SECRET changed) cannot sign: it is left out, and a new one is made
      if (plain !== null) usable.set(row.kid, JSON.parse(plain) as PrivateJwk);
    }
  };
  await read();
  const missing = ALGORITHMS.filter((alg) => ![...usable.values()].some((key) => key.alg === alg));
  for (const alg of missing) await addKey(db, alg);
  if (missing.length > 0) await read();
  const rows = await keyRows(db);
  const { signing, published, spent } = plan(rows.filter((row) => usable.has(row.kid)), now().getTime());
  if (spent.length > 0) await db.delete(oidcSigningKeys).where(inArray(oidcSigningKeys.kid, spent));
  const keys = [...signing, ...published].flatMap((kid) => usable.get(kid) ?? []);
  return { keys, version: await signingKeyVersion(db) };
}

/** keys:rotate: a new key of each algorithm, which signs once every instance has published it. */
export async function rotateSigningKeys(db: Db): Promise<string[]> {
  // after every key there is, even one made in the same millisecond, so the new key is the newest
  const newest = (await keyRows(db)).reduce((latest, row) => Math.max(latest, row.createdAt.getTime()), 0);
  const createdAt = new Date(Math.max(now().getTime(), newest + 1));
  const kids: string[] = [];
  for (const alg of ALGORITHMS) kids.push(await addKey(db, alg, createdAt));
  return kids;
}
