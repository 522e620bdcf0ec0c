import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import type { VerificationScene } from "@/lib/contract/verification";
import { canonicalEmail } from "@/lib/contract/fields";
import { addSeconds, now } from "../clock";
import { getConfig } from "../config";
import { hmacHex, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { usedChallenges } from "../db/schema";
import { deriveSecret } from "../secrets";
import type { CaptchaProvider, VerifyInput } from "./types";

/**
 * Self-hosted proof of work with ALTCHA v2 (altcha-lib), the default provider.
 *
 * Deterministic mode: the server picks the counter, so every challenge costs the same known
 * work: PBKDF2/SHA-256 with ALTCHA_COST (5000) iterations per attempt, and a counter drawn
 * from [ALTCHA_MAX_COUNTER/3, ALTCHA_MAX_COUNTER] = [1000, 3000], about 2000 attempts on
 * average. A browser's WebCrypto does one attempt in roughly 1 ms, and the widget spreads
 * the attempts over one worker per core: about 0.3–1 s on a 4–8 core laptop, up to ~1.5 s on
 * 2 cores. The server checks a solution with two HMACs (the key signature), no PBKDF2.
 *
 * The challenge is signed (HMAC secrets derived from the persisted secret), expires after
 * 5 minutes, and carries its scene and a keyed hash of the canonical email, so a solution
 * only buys a ticket for that scene and email, once.
 */
export const ALGORITHM = "PBKDF2/SHA-256";
export const CHALLENGE_TTL_SECONDS = 300;

async function signingSecrets() {
  return {
    hmacSignatureSecret: await deriveSecret("altcha/challenge"),
    hmacKeySignatureSecret: await deriveSecret("altcha/key"),
  };
}

/** Binds a challenge to an email without putting the address itself in it. */
async function emailTag(email: string): Promise<string> {
  return hmacHex(Buffer.from(await deriveSecret("altcha/email"), "utf8"), canonicalEmail(email)).slice(0, 32);
}

export async function createAltchaChallenge(scene: VerificationScene, email: string): Promise<Challenge> {
  const { altchaCost, altchaMaxCounter } = getConfig().captcha;
  const minCounter = Math.max(1, Math.ceil(altchaMaxCounter / 3));
  return createChallenge({
    algorithm: ALGORITHM,
    cost: altchaCost,
    counter: randomInt(Math.max(minCounter, altchaMaxCounter), minCounter),
    deriveKey,
    data: { scene, email: await emailTag(email) },
    expiresAt: addSeconds(now(), CHALLENGE_TTL_SECONDS),
    ...(await signingSecrets()),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        expiresAt: z.number(),
        data: z.object({ scene: z.string(), email: z.string() }).loose(),
      })
      .loose(),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }).loose(),
});

/** The widget's payload: base64 of JSON {challenge: {parameters, signature}, solution}. */
function decode(payload: string): { challenge: Challenge; solution: Solution; expiresAt: number; data: { scene: string; email: string }; signature: string } | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return null;
  const { challenge, solution } = parsed.data;
  return {
    // the signature covers the parameters exactly as they came, so they are passed on untouched
    challenge: challenge as unknown as Challenge,
    solution: solution as Solution,
    expiresAt: challenge.parameters.expiresAt,
    data: challenge.parameters.data,
    signature: challenge.signature,
  };
}

/** Remember a redeemed challenge until it expires (then the pruner forgets it); false when it was redeemed before. */
async function markUsed(signature: string, expiresAtSeconds: number): Promise<boolean> {
  const db = await getDb();
  const inserted = await db
    .insert(usedChallenges)
    .values({ id: sha256Hex(signature), expiresAt: new Date(expiresAtSeconds * 1000) })
    .onConflictDoNothing()
    .returning({ id: usedChallenges.id });
  return inserted.length > 0;
}

export class AltchaProvider implements CaptchaProvider {
  readonly name = "altcha" as const;

  async verify(input: VerifyInput): Promise<boolean> {
    const decoded = decode(input.proof);
    if (!decoded) return false;
    let verified: boolean;
    try {
      const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, ...(await signingSecrets()) });
      verified = result.verified;
    } catch {
      return false; // malformed parameters (e.g. not hex) are a failed verification
    }
    if (!verified) return false;
    // the library checks expiry against the system clock; the services' clock decides too
    if (decoded.expiresAt * 1000 <= now().getTime()) return false;
    if (decoded.data.scene !== input.scene || decoded.data.email !== (await emailTag(input.email))) return false;
    return markUsed(decoded.signature, decoded.expiresAt);
  }
}
