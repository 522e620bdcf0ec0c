import { and, eq, gt, isNull } from "drizzle-orm";
import { addSeconds, now } from "../../clock";
import { randomToken, sha256Hex } from "../../crypto";
import { getDb } from "../../db/client";
import { passkeyChallenges } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";

/**
 * The challenges of passkey ceremonies, kept here and never trusted from the caller: each is
 * stored with a random attempt id (hashed) the caller gets with the options, lives five minutes
 * and is spent by the first answer that names its attempt, right or wrong. A registration's is
 * bound to the session that asked for it; a sign-in's to its attempt alone.
 */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 300;
/** what the browser is told it has to answer in (its own dialog's timeout) */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 120_000;

/** auto_register: the automatic upgrade after a password sign-in (auto-register.ts), never spent by a normal registration */
type Purpose = "register" | "auto_register" | "authenticate";

export async function storeChallenge(purpose: Purpose, challenge: string, sessionId: string | null): Promise<string> {
  const attempt = randomToken(32);
  const at = now();
  const db = await getDb();
  await db.insert(passkeyChallenges).values({
    attemptHash: sha256Hex(attempt),
    purpose,
    challenge,
    sessionId,
    createdAt: at,
    expiresAt: addSeconds(at, PASSKEY_CHALLENGE_TTL_SECONDS),
  });
  return attempt;
}

/**
 * Spend the attempt's challenge and return it: unknown, used, expired, of the other purpose or
 * (registration) of another session → 20702, and nothing is spent but what was asked for.
 */
export async function spendChallenge(purpose: Purpose, attempt: string, sessionId: string | null): Promise<string> {
  const at = now();
  const db = await getDb();
  const [spent] = await db
    .update(passkeyChallenges)
    .set({ usedAt: at })
    .where(
      and(
        eq(passkeyChallenges.attemptHash, sha256Hex(attempt)),
        eq(passkeyChallenges.purpose, purpose),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, at),
        sessionId === null ? isNull(passkeyChallenges.sessionId) : eq(passkeyChallenges.sessionId, sessionId),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  if (!spent) throw new ServiceError(ErrorCode.passkeyChallengeExpired);
  return spent.challenge;
}
