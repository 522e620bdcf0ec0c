import type { VerificationScene } from "@/lib/contract/verification";
import { ErrorCode, ServiceError, throttled, type ErrorCodeValue } from "../errors";
import { isOver, rateLimit, type LimitPolicy, type LimitUsage } from "../ratelimit";
import { recordSignInFailure, type SignInMethod } from "./failures";
import { ipLimitKey } from "./ip-key";
import { isIpBanned } from "./ipbans";
import { CREDENTIAL_FAILURES, LIMITS, passwordDelaySeconds, VERIFICATION_AFTER } from "./limits";
import { readSignInRecord, type SignInRecord } from "./sign-in-record";
import { redeemTicket } from "./tickets";
import type { UserRow } from "./users";

/**
 * Account protection: the IP ban list, throttles, the growing wait after wrong passwords,
 * when a sign-in needs human verification, and the failure log. Every refusal a caller can
 * be throttled for says how long to wait (429, data.retryAfter, Retry-After).
 */

export type SignInAttempt = { email: string; ip: string | null; method: SignInMethod };

/** Sign-ins that check a password: wrong ones make the email wait; emailed codes never do. */
function checksPassword(method: SignInMethod): boolean {
  return method === "password" || method === "enterprise";
}

/** The key's usage when its points are used up (the next action is refused), else null. */
export async function limitReached(policy: LimitPolicy, key: string | null): Promise<LimitUsage | null> {
  if (key === null) return null;
  const usage = await (await rateLimit(policy)).peek(key);
  // the peek is taken before the action: reaching the points means the next one is refused
  return usage && usage.used >= policy.points ? usage : null;
}

async function peekOver(policy: LimitPolicy, key: string | null): Promise<void> {
  const reached = await limitReached(policy, key);
  if (reached) throw throttled(reached.resetInMs);
}

/** Count one action against the policy; over the points → 429. */
async function take(policy: LimitPolicy, key: string | null): Promise<void> {
  if (key === null) return;
  const limit = await rateLimit(policy);
  const usage = await limit.hit(key);
  if (isOver(usage, policy)) throw throttled(usage.resetInMs);
}

/** A banned address gets 20104 for sign-in, register and code requests. */
export async function assertIpAllowed(ip: string | null): Promise<void> {
  if (await isIpBanned(ip)) throw new ServiceError(ErrorCode.prohibitedIp);
}

// ---- emailed codes ----

/** Before mailing a code: the daily caps of the email and the IP. */
export async function assertCodeRequestAllowed(email: string, ip: string | null): Promise<void> {
  await peekOver(LIMITS.codeRequestsPerEmail, email);
  await peekOver(LIMITS.codeRequestsPerIp, ipLimitKey(ip));
}

/** After a code was mailed: it counts towards the daily caps. */
export async function countCodeRequest(email: string, ip: string | null): Promise<void> {
  await (await rateLimit(LIMITS.codeRequestsPerEmail)).hit(email);
  const key = ipLimitKey(ip);
  if (key) await (await rateLimit(LIMITS.codeRequestsPerIp)).hit(key);
}

/** Every check of a code counts against the IP, right or wrong. */
export async function takeCodeCheck(ip: string | null): Promise<void> {
  await take(LIMITS.codeChecksPerIp, ipLimitKey(ip));
}

export async function takeEnterpriseLookup(ip: string | null): Promise<void> {
  await take(LIMITS.enterpriseLookupsPerIp, ipLimitKey(ip));
}

// ---- anonymous work: each call costs the server a key derivation or a stored row ----

/** GET /v1/verify/challenge: one PBKDF2 per challenge. */
export async function takeChallenge(ip: string | null): Promise<void> {
  await take(LIMITS.challengesPerIp, ipLimitKey(ip));
}

/** A verification exchanged for a ticket (any provider): a stored row, maybe a call to the provider. */
export async function takeTicketExchange(ip: string | null): Promise<void> {
  await take(LIMITS.ticketsPerIp, ipLimitKey(ip));
}

/** POST /v1/verify/email and /v1/user/verify/email: one stored nonce each. */
export async function takeEmailNonce(ip: string | null): Promise<void> {
  await take(LIMITS.emailNoncesPerIp, ipLimitKey(ip));
}

// ---- sign-in ----

/**
 * Log the refusal, count it, and return the error to throw: `answer` when the caller may not
 * hear the true `reason` (account-lookups.ts); the failure log keeps the reason for operators.
 */
export async function refuseSignIn(attempt: SignInAttempt, reason: ErrorCodeValue, answer: ErrorCodeValue = reason): Promise<ServiceError> {
  await recordSignInFailure({ ...attempt, reason });
  if ((CREDENTIAL_FAILURES as readonly ErrorCodeValue[]).includes(reason)) {
    const key = ipLimitKey(attempt.ip);
    if (key) await (await rateLimit(LIMITS.signInFailuresPerIp)).hit(key);
    if (checksPassword(attempt.method)) await notePasswordFailure(attempt.email);
  }
  return new ServiceError(answer);
}

/** One more wrong password for the email; from the 5th in a row the next try has to wait. */
export async function notePasswordFailure(email: string): Promise<void> {
  const { used } = await (await rateLimit(LIMITS.passwordFailures)).hit(email);
  const wait = passwordDelaySeconds(used);
  if (wait > 0) await (await rateLimit(LIMITS.passwordDelay)).block(email, wait);
}

/** A password sign-in of this email must wait → 429 with the seconds left. */
export async function assertNoPasswordDelay(email: string): Promise<void> {
  const usage = await (await rateLimit(LIMITS.passwordDelay)).peek(email);
  if (isOver(usage, LIMITS.passwordDelay)) throw throttled(usage.resetInMs);
}

/** A successful sign-in (or password reset) forgets the wrong passwords before it. */
export async function forgetPasswordFailures(email: string): Promise<void> {
  await (await rateLimit(LIMITS.passwordFailures)).reset(email);
  await (await rateLimit(LIMITS.passwordDelay)).reset(email);
}

/** Recent wrong accounts or passwords for the email (the failure log), or from the IP (its failure count). */
async function verificationNeeded(record: SignInRecord, ip: string | null): Promise<boolean> {
  const key = ipLimitKey(ip);
  if (key !== null) {
    const fromIp = await (await rateLimit(LIMITS.signInFailuresPerIp)).peek(key);
    if (fromIp && fromIp.used >= VERIFICATION_AFTER.ipFailures) return true;
  }
  return record.recentFailures >= VERIFICATION_AFTER.emailFailures;
}

/** A ticket nobody asked for: redeemed when it is valid, else ignored (as before it was asked for). */
async function redeemOptionalTicket(input: { scene: VerificationScene; email: string; ticket: string | undefined }): Promise<boolean> {
  if (!input.ticket) return false;
  try {
    await redeemTicket(input);
    return true;
  } catch (error) {
    if (error instanceof ServiceError) return false;
    throw error;
  }
}

/** The account of a guarded sign-in (null when none), and whether a verification was passed for it. */
export type GuardedSignIn = { user: UserRow | null; verified: boolean };

/**
 * Everything a sign-in must pass before credentials are looked at, in this order: the IP ban
 * list (20104), the IP's failure cap and the email's password wait (429), and, after repeated
 * failures, a human-verification ticket for the scene (20106 missing, 20107 invalid). A ticket
 * sent before one is asked for is redeemed too when valid (a caller may verify first to hear
 * whether an account exists: account-lookups.ts). Returns the account of the attempt's email
 * (null when there is none), read in the same query as the ban list and the failure log: that
 * query's `record`, when the way in read it already with its own (a passkey's answer).
 */
export async function guardSignIn(
  attempt: SignInAttempt,
  options: { verification?: { scene: VerificationScene; ticket: string | undefined }; record?: SignInRecord } = {},
): Promise<GuardedSignIn> {
  const record = options.record ?? (await readSignInRecord(attempt));
  if (record.ipBanned) throw await refuseSignIn(attempt, ErrorCode.prohibitedIp);
  await peekOver(LIMITS.signInFailuresPerIp, ipLimitKey(attempt.ip));
  if (checksPassword(attempt.method)) await assertNoPasswordDelay(attempt.email);
  const { verification } = options;
  if (!verification) return { user: record.user, verified: false };
  const ticket = { scene: verification.scene, email: attempt.email, ticket: verification.ticket };
  if (await verificationNeeded(record, attempt.ip)) {
    await redeemTicket(ticket);
    return { user: record.user, verified: true };
  }
  return { user: record.user, verified: await redeemOptionalTicket(ticket) };
}

/** Restricted (20103) and banned (20105) accounts cannot sign in, whatever the way. */
export async function assertMaySignIn(user: UserRow, attempt: SignInAttempt): Promise<void> {
  if (user.status === "banned") throw await refuseSignIn(attempt, ErrorCode.accountBanned);
  if (user.status === "restricted") throw await refuseSignIn(attempt, ErrorCode.accountRestricted);
}

/** Run a code check; a refused code (20204) is logged as a failed sign-in, then rethrown. */
export async function recordCodeFailure(attempt: SignInAttempt, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof ServiceError && error.code === ErrorCode.incorrectCode) throw await refuseSignIn(attempt, error.code);
    throw error;
  }
}
