import { and, eq, gt, isNull } from "drizzle-orm";
import { addSeconds, now } from "../clock";
import { getDb } from "../db/client";
import { recoveryCodes, twoStepTotp } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { recoveryCodesLeft, replaceRecoveryCodes } from "./recovery-codes";
import { recordOwnSecurityChange } from "./security-notices";
import type { ClientInfo } from "./sessions";
import { matchTotpStep, newTotpSecret, totpUri } from "./totp";
import { decryptTotpSecret, encryptTotpSecret } from "./two-step-crypto";
import { recordProof, assertRecentProof, type SignedIn } from "./step-up";
import { assertNoTwoStepWait, checkSecondFactor, forgetWrongSecondFactors, isTwoStepOn, noteWrongSecondFactor, type SecondFactorProof } from "./two-step-factor";
import type { UserRow } from "./users";

/**
 * Two-step sign-in, as the account manages it (/v1/user/two-step/*): turning it on with an
 * authenticator app (a setup whose secret is shown once, confirmed by a first code), the
 * recovery codes (shown once, renewed on request), turning it off. What lowers security
 * (off, new codes) needs a recent step-up proof of the session (step-up.ts, 20113), which an
 * authenticator code can be. Wrong codes count towards the account's wait (two-step-factor.ts)
 * whatever screen they were typed on.
 */
export const TOTP_SETUP_TTL_SECONDS = 900;

export type TwoStepStatus = { enabled: boolean; since: string | null; recoveryCodesLeft: number };

export { isTwoStepOn };

export async function twoStepStatus(user: UserRow): Promise<TwoStepStatus> {
  const db = await getDb();
  const [row] = await db.select({ confirmedAt: twoStepTotp.confirmedAt }).from(twoStepTotp).where(eq(twoStepTotp.userId, user.id)).limit(1);
  const since = row?.confirmedAt ?? null;
  return { enabled: since !== null, since: since?.toISOString() ?? null, recoveryCodesLeft: since ? await recoveryCodesLeft(db, user.id) : 0 };
}

/** A new secret waiting for its first code (any earlier unconfirmed one is replaced). Two-step on → 20904. */
export async function startTotpSetup(user: UserRow): Promise<{ secret: string; uri: string }> {
  if (await isTwoStepOn(user.id)) throw new ServiceError(ErrorCode.twoStepAlreadyOn);
  const secret = newTotpSecret();
  const secretEnc = await encryptTotpSecret(user.id, secret);
  const db = await getDb();
  const at = now();
  const stored = await db
    .insert(twoStepTotp)
    .values({ userId: user.id, secretEnc, createdAt: at })
    .onConflictDoUpdate({ target: twoStepTotp.userId, set: { secretEnc, createdAt: at, lastStep: null }, where: isNull(twoStepTotp.confirmedAt) })
    .returning({ userId: twoStepTotp.userId });
  // turned on by another request meanwhile
  if (stored.length === 0) throw new ServiceError(ErrorCode.twoStepAlreadyOn);
  return { secret, uri: totpUri(secret, user.email) };
}

/**
 * The first code of the app turns two-step on and makes the recovery codes (returned once).
 * No live setup → 20906 (on already → 20904); a wrong code → 20903, counted.
 */
export async function confirmTotpSetup(user: UserRow, code: string, client: ClientInfo): Promise<{ recoveryCodes: string[] }> {
  const db = await getDb();
  const [row] = await db.select().from(twoStepTotp).where(eq(twoStepTotp.userId, user.id)).limit(1);
  if (row?.confirmedAt) throw new ServiceError(ErrorCode.twoStepAlreadyOn);
  const at = now();
  if (!row || row.createdAt < addSeconds(at, -TOTP_SETUP_TTL_SECONDS)) throw new ServiceError(ErrorCode.twoStepSetupExpired);
  await assertNoTwoStepWait(user.id);
  const secret = await decryptTotpSecret(user.id, row.secretEnc);
  const step = secret ? matchTotpStep(secret, code) : null;
  if (step === null) {
    await noteWrongSecondFactor(user.id);
    throw new ServiceError(ErrorCode.twoStepCodeIncorrect);
  }
  const confirmed = await db
    .update(twoStepTotp)
    .set({ confirmedAt: at, lastStep: step })
    .where(and(eq(twoStepTotp.userId, user.id), isNull(twoStepTotp.confirmedAt), eq(twoStepTotp.secretEnc, row.secretEnc), gt(twoStepTotp.createdAt, addSeconds(at, -TOTP_SETUP_TTL_SECONDS))))
    .returning({ userId: twoStepTotp.userId });
  if (confirmed.length === 0) throw new ServiceError(ErrorCode.twoStepSetupExpired);
  await forgetWrongSecondFactors(user.id);
  const codes = await replaceRecoveryCodes(db, user.id);
  await recordOwnSecurityChange(user, "two_step_on", client);
  return { recoveryCodes: codes };
}

/**
 * An authenticator code as a step-up proof (POST /v1/user/step-up/totp): checked and spent like
 * a sign-in's (no replay; a wrong one → 20903, counted for the account's wait), then recorded on
 * the session. Two-step off → 20905.
 */
export async function proveStepUpWithTotp(current: SignedIn, code: string): Promise<{ method: "totp"; expiresIn: number }> {
  const { user, session } = current;
  if (!(await isTwoStepOn(user.id))) throw new ServiceError(ErrorCode.twoStepNotOn);
  await assertNoTwoStepWait(user.id);
  if (!(await checkSecondFactor(user.id, { method: "totp", code } satisfies SecondFactorProof))) {
    await noteWrongSecondFactor(user.id);
    throw new ServiceError(ErrorCode.twoStepCodeIncorrect);
  }
  await forgetWrongSecondFactors(user.id);
  const proof = await recordProof(session.id, "totp");
  return { method: "totp", expiresIn: proof.expiresIn };
}

/** Turns two-step off (a recent step-up proof first: 20113): the secret and every recovery code are deleted. */
export async function turnOffTwoStep(current: SignedIn, client: ClientInfo): Promise<TwoStepStatus> {
  assertRecentProof(current.session);
  if (!(await removeTwoStep(current.user.id))) throw new ServiceError(ErrorCode.twoStepNotOn);
  await recordOwnSecurityChange(current.user, "two_step_off", client);
  return { enabled: false, since: null, recoveryCodesLeft: 0 };
}

/** The secret and the recovery codes of a user go (turning off; an operator's reset). True when two-step was on. */
export async function removeTwoStep(userId: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const removed = await tx.delete(twoStepTotp).where(eq(twoStepTotp.userId, userId)).returning({ confirmedAt: twoStepTotp.confirmedAt });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return removed.some((row) => row.confirmedAt !== null);
  });
}

/** Ten new recovery codes (returned once; a recent step-up proof first: 20113); the old ones stop working. */
export async function renewRecoveryCodes(current: SignedIn, client: ClientInfo): Promise<{ recoveryCodes: string[] }> {
  assertRecentProof(current.session);
  if (!(await isTwoStepOn(current.user.id))) throw new ServiceError(ErrorCode.twoStepNotOn);
  const codes = await replaceRecoveryCodes(await getDb(), current.user.id);
  await recordOwnSecurityChange(current.user, "recovery_codes_renewed", client);
  return { recoveryCodes: codes };
}
