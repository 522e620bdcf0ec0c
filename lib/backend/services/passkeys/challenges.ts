import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { addSeconds, now } from "../../clock";
import { randomToken, sha256Hex } from "../../crypto";
import { getDb, preparedOnce, type Db } from "../../db/client";
import { ipBans, passkeyChallenges } from "../../db/schema";
import { normalizeIp } from "../../net/addresses";
import { ErrorCode, ServiceError } from "../../errors";
import { banCovers } from "../ipbans";

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

/**
 * The update that spends an attempt's challenge (at most one row: the attempt hash is unique),
 * unprepared: spendChallenge prepares it alone, a passkey sign-in inside the statement that also
 * reads the answer's passkey (sign-in.ts, spendAndFindPasskey).
 */
export function spendUpdate(db: Db, sessionBound: boolean) {
  return db
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
    .returning({ challenge: passkeyChallenges.challenge });
}

/**
 * A sign-in's challenge, stored unless a ban covers the caller's address: the ban list's check
 * (ipbans.ts, banCovers) and the insert in one statement, every passkey sign-in's options. A
 * caller of unknown address (null) is covered by no ban, as in isIpBanned.
 */
const insertUnlessBanned = preparedOnce((db) =>
  db
    .insert(passkeyChallenges)
    .select((qb) =>
      qb
        // every column, in the table's order (drizzle's insert … select)
        .select({
          id: sql<string>`gen_random_uuid()`.as("id"),
          attemptHash: sql<string>`${sql.placeholder("attemptHash")}::text`.as("attempt_hash"),
          purpose: sql<"authenticate">`'authenticate'`.as("purpose"),
          challenge: sql<string>`${sql.placeholder("challenge")}::text`.as("challenge"),
          sessionId: sql<string | null>`null::uuid`.as("session_id"),
          expiresAt: sql<Date>`${sql.placeholder("expiresAt")}::timestamptz`.as("expires_at"),
          usedAt: sql<Date | null>`null::timestamptz`.as("used_at"),
          createdAt: sql<Date>`${sql.placeholder("createdAt")}::timestamptz`.as("created_at"),
        })
        .from(sql`(values (1)) as one`)
        .where(sql`not exists (select 1 from ${ipBans} where ${banCovers(sql.placeholder("address"), sql.placeholder("createdAt"))})`),
    )
    .returning({ attemptHash: passkeyChallenges.attemptHash })
    .prepare("store_sign_in_challenge_unless_banned"),
);

const spendQuery = (sessionBound: boolean) =>
  preparedOnce((db) => spendUpdate(db, sessionBound).prepare(sessionBound ? "spend_session_passkey_challenge" : "spend_passkey_challenge"));
const spendUnbound = spendQuery(false);
const spendBound = spendQuery(true);

/** A new attempt id (the caller's), with what its stored row keeps: its hash and its five minutes. */
function newAttempt() {
  const attempt = randomToken(32);
  const at = now();
  return { attempt, row: { attemptHash: sha256Hex(attempt), createdAt: at, expiresAt: addSeconds(at, PASSKEY_CHALLENGE_TTL_SECONDS) } };
}

export async function storeChallenge(purpose: Purpose, challenge: string, sessionId: string | null): Promise<string> {
  const { attempt, row } = newAttempt();
  await insertChallenge(await getDb()).execute({ ...row, purpose, challenge, sessionId });
  return attempt;
}

/**
 * A passkey sign-in's challenge (no session), refused with 20104 when a ban covers `ip` (the
 * normalized caller's address, or null): nothing is stored for a banned address.
 */
export async function storeSignInChallenge(challenge: string, ip: string | null): Promise<string> {
  const { attempt, row } = newAttempt();
  const stored = await insertUnlessBanned(await getDb()).execute({ ...row, challenge, address: normalizeIp(ip) });
  if (stored.length === 0) throw new ServiceError(ErrorCode.prohibitedIp);
  return attempt;
}

/** The values the spend's placeholders take (spendUpdate). */
export function spendValues(purpose: Purpose, attempt: string) {
  return { attemptHash: sha256Hex(attempt), purpose, at: now() };
}

/**
 * Spend the attempt's challenge and return it: unknown, used, expired, of the other purpose or
 * (registration) of another session → 20702, and nothing is spent but what was asked for.
 */
export async function spendChallenge(purpose: Purpose, attempt: string, sessionId: string | null): Promise<string> {
  const db = await getDb();
  const values = spendValues(purpose, attempt);
  const [spent] = sessionId === null ? await spendUnbound(db).execute(values) : await spendBound(db).execute({ ...values, sessionId });
  if (!spent) throw new ServiceError(ErrorCode.passkeyChallengeExpired);
  return spent.challenge;
}
