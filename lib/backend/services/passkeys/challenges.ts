import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { addSeconds, now } from "../../clock";
import { randomToken, sha256Hex } from "../../crypto";
import { getDb, preparedOnce } from "../../db/client";
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

/** Every passkey sign-in stores one and spends it: both built once (db/client.ts, preparedOnce). */
const insertChallenge = preparedOnce((db) =>
  db
    .insert(passkeyChallenges)
    .values({
      attemptHash: sql.placeholder("attemptHash"),
      purpose: sql.placeholder("purpose"),
      challenge: sql.placeholder("challenge"),
      sessionId: sql.placeholder("sessionId"),
      createdAt: sql.placeholder("createdAt"),
      expiresAt: sql.placeholder("expiresAt"),
    })
    .prepare("store_passkey_challenge"),
);

const spendQuery = (sessionBound: boolean) =>
  preparedOnce((db) =>
    db
      .update(passkeyChallenges)
      .set({ usedAt: sql`${sql.placeholder("at")}::timestamptz` })
      .where(
        and(
          eq(passkeyChallenges.attemptHash, sql.placeholder("attemptHash")),
          eq(passkeyChallenges.purpose, sql.placeholder("purpose")),
          isNull(passkeyChallenges.usedAt),
          gt(passkeyChallenges.expiresAt, sql.placeholder("at")),
          sessionBound ? eq(passkeyChallenges.sessionId, sql.placeholder("sessionId")) : isNull(passkeyChallenges.sessionId),
        ),
      )
      .returning({ challenge: passkeyChallenges.challenge })
      .prepare(sessionBound ? "spend_session_passkey_challenge" : "spend_passkey_challenge"),
  );
const spendUnbound = spendQuery(false);
const spendBound = spendQuery(true);

export async function storeChallenge(purpose: Purpose, challenge: string, sessionId: string | null): Promise<string> {
  const attempt = randomToken(32);
  const at = now();
  await insertChallenge(await getDb()).execute({
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
  const db = await getDb();
  const values = { attemptHash: sha256Hex(attempt), purpose, at: now() };
  const [spent] = sessionId === null ? await spendUnbound(db).execute(values) : await spendBound(db).execute({ ...values, sessionId });
  if (!spent) throw new ServiceError(ErrorCode.passkeyChallengeExpired);
  return spent.challenge;
}
