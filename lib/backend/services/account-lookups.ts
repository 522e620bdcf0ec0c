import { ErrorCode, throttled, type ErrorCodeValue } from "../errors";
import { rateLimit, type LimitPolicy } from "../ratelimit";
import { ipLimitKey } from "./ip-key";
import { LIMITS } from "./limits";

/**
 * Account lookups: answers that tell a caller whether an email has an account. SPEC's messages
 * for them ("Account already exists", "Email not found", "Account does not exist") are product
 * requirements, so they stay, but each one costs the caller a passed human verification and a
 * point of two small budgets, one of its address and one of the email (LIMITS.accountLookups*).
 * docs/security.md lists every way of asking and what it costs.
 */

/** Both keys of a lookup: the email (canonical) and the caller's IP bucket (null when exempt). */
function keys(email: string, ip: string | null): Array<[LimitPolicy, string]> {
  const ipKey = ipLimitKey(ip);
  return [[LIMITS.accountLookupsPerEmail, email], ...(ipKey === null ? [] : [[LIMITS.accountLookupsPerIp, ipKey] as [LimitPolicy, string]])];
}

/**
 * Before the account is looked at: a spent budget of the email or of the IP → 429 (10004),
 * whatever the email. Checked before the lookup, so the refusal itself says nothing.
 */
export async function assertLookupBudget(email: string, ip: string | null): Promise<void> {
  for (const [policy, key] of keys(email, ip)) {
    const usage = await (await rateLimit(policy)).peek(key);
    if (usage && usage.used >= policy.points) throw throttled(usage.resetInMs);
  }
}

/** Spend one point of both budgets; true while neither has gone over. */
export async function spendLookup(email: string, ip: string | null): Promise<boolean> {
  let within = true;
  for (const [policy, key] of keys(email, ip)) {
    const usage = await (await rateLimit(policy)).hit(key);
    if (usage.used > policy.points) within = false;
  }
  return within;
}

/**
 * What a failed password sign-in answers. Without a passed verification, or once a budget is
 * spent, every failure is 20205 ("Incorrect account or password"), the unknown email included:
 * the answer is the same whether the account exists or not. A verified attempt spends a lookup
 * (right email or not: 20205 tells as much as 20202 once 20202 is possible) and, within the
 * budgets, hears the true reason (20202 for an unknown email).
 */
export async function credentialAnswer(
  attempt: { email: string; ip: string | null },
  reason: ErrorCodeValue,
  verified: boolean,
): Promise<ErrorCodeValue> {
  if (verified && (await spendLookup(attempt.email, attempt.ip))) return reason;
  return ErrorCode.incorrectCredentials;
}
