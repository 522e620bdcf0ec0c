import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { twoStepTotp } from "../db/schema";
import { throttled } from "../errors";
import { isOver, rateLimit } from "../ratelimit";
import { LIMITS, passwordDelaySeconds } from "./limits";
import { recoveryLookup, spendRecoveryCode } from "./recovery-codes";
import { matchTotpStep } from "./totp";
import { decryptTotpSecret } from "./two-step-crypto";

/**
 * The second factor of an account with two-step on: a code of its authenticator app, or one of
 * its recovery codes. The way to prove it is a method, so a passkey assertion can become one
 * more (the ticket of a held sign-in stores nothing method-specific).
 */
export const SECOND_FACTOR_METHODS = ["totp", "recovery"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
export type SecondFactorProof = { method: SecondFactorMethod; code: string };

/** Two-step is on: the authenticator setup was confirmed. */
export async function isTwoStepOn(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ userId: twoStepTotp.userId }).from(twoStepTotp).where(and(eq(twoStepTotp.userId, userId), isNotNull(twoStepTotp.confirmedAt))).limit(1);
  return Boolean(row);
}

/** The authenticator secret of a user whose two-step is on (null: off, or not decryptable). */
export async function confirmedTotpSecret(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secretEnc: twoStepTotp.secretEnc })
    .from(twoStepTotp)
    .where(and(eq(twoStepTotp.userId, userId), isNotNull(twoStepTotp.confirmedAt)))
    .limit(1);
  return row ? decryptTotpSecret(userId, row.secretEnc) : null;
}

/** Record `step` as used: refused when it (or a later one) was used already (no replay). */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoStepTotp)
    .set({ lastStep: step })
    .where(and(eq(twoStepTotp.userId, userId), or(isNull(twoStepTotp.lastStep), lt(twoStepTotp.lastStep, step))))
    .returning({ userId: twoStepTotp.userId });
  return claimed.length === 1;
}

/**
 * Everything slow (reading and decrypting the secret, the keyed hash) done first; returns the
 * step that spends the proof, to run alone or inside the caller's transaction (which must not
 * wait for other queries: the embedded database has one connection). A proof that cannot be
 * right spends nothing and answers false.
 */
export async function prepareSecondFactor(userId: string, proof: SecondFactorProof): Promise<(db: Db) => Promise<boolean>> {
  if (proof.method === "recovery") {
    const hash = await recoveryLookup(userId, proof.code);
    return async (db) => (hash ? spendRecoveryCode(db, userId, hash) : false);
  }
  const secret = await confirmedTotpSecret(await getDb(), userId);
  const step = secret ? matchTotpStep(secret, proof.code) : null;
  return async (db) => (step === null ? false : claimTotpStep(db, userId, step));
}

/** Check and spend a proof outside a sign-in (turning two-step off, new recovery codes). */
export async function checkSecondFactor(userId: string, proof: SecondFactorProof): Promise<boolean> {
  const spend = await prepareSecondFactor(userId, proof);
  return spend(await getDb());
}

// ---- wrong codes: counted per account, with the growing wait of wrong passwords ----

/** A wait after repeated wrong codes → 429 with the seconds left. */
export async function assertNoTwoStepWait(userId: string): Promise<void> {
  const usage = await (await rateLimit(LIMITS.twoStepDelay)).peek(userId);
  if (isOver(usage, LIMITS.twoStepDelay)) throw throttled(usage.resetInMs);
}

/** One more wrong code for the account; from the 5th in a row the next try waits (30 s, doubling, 15 min at most). */
export async function noteWrongSecondFactor(userId: string): Promise<void> {
  const { used } = await (await rateLimit(LIMITS.twoStepFailures)).hit(userId);
  const wait = passwordDelaySeconds(used);
  if (wait > 0) await (await rateLimit(LIMITS.twoStepDelay)).block(userId, wait);
}

export async function forgetWrongSecondFactors(userId: string): Promise<void> {
  await (await rateLimit(LIMITS.twoStepFailures)).reset(userId);
  await (await rateLimit(LIMITS.twoStepDelay)).reset(userId);
}
