import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { CodePurpose } from "@/lib/contract/passport";
import { canonicalEmail } from "@/lib/contract/fields";
import { addSeconds, now } from "../clock";
import { hmacHex, randomCode, sameHex, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { verificationCodes } from "../db/schema";
import { ErrorCode, ServiceError, throttled } from "../errors";
import type { Lang } from "../lang";
import { getMailer } from "../mail";
import { verificationCodeMail } from "../mail/templates";
import { getCodeSecret } from "../secrets";
import { assertLookupBudget, spendLookup } from "./account-lookups";
import { checkEmailNonce } from "./nonces";
import { assertCodeRequestAllowed, assertIpAllowed, countCodeRequest } from "./protection";
import { redeemTicket } from "./tickets";
import { emailHasAccount } from "./users";
import { backendMetrics } from "../metrics";

/**
 * Emailed verification codes: 6 digits from a CSPRNG, stored as HMAC-SHA256, one live code
 * per email and purpose, single use, 10 minutes, 5 checks, one new code per 60 s, and the
 * daily caps of services/limits.ts. No code is mailed without a human-verification ticket.
 */
export const CODE_TTL_SECONDS = 600;
export const RESEND_WAIT_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;

async function codeHash(email: string, purpose: CodePurpose, code: string): Promise<string> {
  return hmacHex(await getCodeSecret(), `${purpose}:${email}:${code}`);
}

/**
 * register needs a new email (else 20201); "social" either (it proves a mailbox for a social
 * sign-in, which may create the account or connect to it); every other purpose an existing
 * account (else 20203). A refusal tells whether the email has an account: it spends a point of
 * the account-lookup budgets (the caller has passed a verification already).
 */
async function checkAccountRule(email: string, purpose: CodePurpose, ip: string | null): Promise<void> {
  if (purpose === "social") return;
  const exists = await emailHasAccount(email);
  const refusal = purpose === "register" ? (exists ? ErrorCode.accountExists : null) : exists ? null : ErrorCode.emailNotFound;
  if (refusal === null) return;
  await spendLookup(email, ip);
  throw new ServiceError(refusal);
}

/**
 * Mail a code, in this order of checks: banned IP (20104); a ticket for scene = purpose and
 * this email (20106/20107, redeemed here, so every request costs a verification); the nonce
 * (20204); the account-lookup budgets and the daily caps (429, 10004), all before the account
 * is looked at, so a 429 says nothing about it; the account rule (20201/20203); the 60 s wait
 * (429, 10003). Only a mailed code counts towards the caps, only a refusal by the account rule
 * towards the lookups. "device" codes are mailed by a held-back sign-in only (sendDeviceCode),
 * never on request → 10001.
 */
export async function sendVerificationCode(input: {
  email: string;
  nonce: string;
  purpose: CodePurpose;
  lang: Lang;
  ticket: string | undefined;
  ip: string | null;
}): Promise<{ resendAfter: number }> {
  const email = canonicalEmail(input.email);
  const { purpose } = input;
  if (purpose === "device") throw new ServiceError(ErrorCode.invalidParams, { fields: ["type"] });
  await assertIpAllowed(input.ip);
  await redeemTicket({ scene: purpose, email, ticket: input.ticket });
  await checkEmailNonce(email, input.nonce);
  if (purpose !== "social") await assertLookupBudget(email, input.ip);
  await assertCodeRequestAllowed(email, input.ip);
  await checkAccountRule(email, purpose, input.ip);
  return mailCode({ email, purpose, nonce: input.nonce, lang: input.lang, ip: input.ip });
}

/**
 * The code that lets a sign-in held back by device security through, mailed to the account's
 * own address after its credentials were checked. Redeemed with the challenge as its nonce.
 * The daily caps (10004) and the 60 s wait (10003) apply as to every code.
 */
export async function sendDeviceCode(input: { email: string; challenge: string; lang: Lang; ip: string | null }): Promise<void> {
  await assertCodeRequestAllowed(canonicalEmail(input.email), input.ip);
  await mailCode({ email: canonicalEmail(input.email), purpose: "device", nonce: input.challenge, lang: input.lang, ip: input.ip });
}

/** The 60 s wait, a new code replacing the live one, the mail, the count (the caller checked the caps). */
async function mailCode(input: {
  email: string;
  purpose: CodePurpose;
  nonce: string;
  lang: Lang;
  ip: string | null;
}): Promise<{ resendAfter: number }> {
  const { email, purpose } = input;
  const code = randomCode();
  const hash = await codeHash(email, purpose, code);
  const db = await getDb();
  const at = now();
  const id = await db.transaction(async (tx) => {
    // Serialise requests for the same email and purpose, across instances too.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${email}`}))`);
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + RESEND_WAIT_SECONDS * 1000 - at.getTime();
      if (waitMs > 0) {
        throw throttled(Math.min(RESEND_WAIT_SECONDS * 1000, waitMs), ErrorCode.captchaFrequency);
      }
    }
    // A new code replaces any earlier one.
    await tx
      .update(verificationCodes)
      .set({ usedAt: at })
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)));
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        email,
        purpose,
        codeHash: hash,
        nonceHash: sha256Hex(input.nonce),
        expiresAt: addSeconds(at, CODE_TTL_SECONDS),
        createdAt: at,
      })
      .returning({ id: verificationCodes.id });
    if (!row) throw new Error("insert returned no row");
    return row.id;
  });

  try {
    await getMailer().send(
      verificationCodeMail({ to: email, code, purpose, lang: input.lang, validMinutes: CODE_TTL_SECONDS / 60 }),
    );
  } catch (error) {
    // Not delivered: forget the code so the user may ask again at once.
    await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
    throw error;
  }
  await countCodeRequest(email, input.ip);
  backendMetrics().codesSent.inc({ purpose });
  return { resendAfter: RESEND_WAIT_SECONDS };
}

/**
 * Redeem the live code of this email and purpose with the nonce it was requested with.
 * Wrong, expired, used or exhausted → 20204. Each check first takes one of the five
 * attempts atomically, so parallel guesses cannot exceed the limit.
 */
export async function consumeVerificationCode(input: {
  email: string;
  purpose: CodePurpose;
  nonce: string;
  code: string;
}): Promise<void> {
  const id = await matchLiveCode(input);
  const db = await getDb();
  const [used] = await db
    .update(verificationCodes)
    .set({ usedAt: now() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (!used) throw new ServiceError(ErrorCode.incorrectCode);
}

/**
 * Check the live code of this email and purpose without redeeming it, so a later
 * consumeVerificationCode still takes it. A wrong check takes one of the same five attempts
 * as a redeeming one (it cannot be used to guess more often); a right one gives its attempt
 * back, so checking does not shorten the code's life. Wrong, expired, used or exhausted → 20204.
 * Returns the seconds the code stays valid.
 */
export async function checkVerificationCode(input: {
  email: string;
  purpose: CodePurpose;
  nonce: string;
  code: string;
}): Promise<{ expiresIn: number }> {
  const id = await matchLiveCode(input);
  const db = await getDb();
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`greatest(${verificationCodes.attempts} - 1, 0)` })
    .where(eq(verificationCodes.id, id))
    .returning({ expiresAt: verificationCodes.expiresAt });
  if (!row) throw new ServiceError(ErrorCode.incorrectCode);
  return { expiresIn: Math.max(0, Math.floor((row.expiresAt.getTime() - now().getTime()) / 1000)) };
}

/**
 * The id of the live code of this email and purpose when `code` and `nonce` are its own; one
 * of its five attempts is taken first, atomically. Anything else → 20204.
 */
async function matchLiveCode(input: { email: string; purpose: CodePurpose; nonce: string; code: string }): Promise<string> {
  const email = canonicalEmail(input.email);
  const db = await getDb();
  const at = now();
  const [latest] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, input.purpose), isNull(verificationCodes.usedAt)),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest) throw new ServiceError(ErrorCode.incorrectCode);

  const [attempt] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.usedAt),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
        gt(verificationCodes.expiresAt, at),
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash, nonceHash: verificationCodes.nonceHash });
  if (!attempt) throw new ServiceError(ErrorCode.incorrectCode);

  const codeMatches = sameHex(await codeHash(email, input.purpose, input.code.trim()), attempt.codeHash);
  const nonceMatches = sameHex(sha256Hex(input.nonce), attempt.nonceHash);
  if (!codeMatches || !nonceMatches) throw new ServiceError(ErrorCode.incorrectCode);
  return latest.id;
}
