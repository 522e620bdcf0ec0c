import { ErrorCode } from "../errors";
import type { LimitPolicy } from "../ratelimit";

/**
 * The account-protection limits, in one place. Windows are fixed: they start with a key's
 * first point. Per-IP limits count each client under services/ip-key.ts's key: its own address
 * (an IPv6 client by its /64), one shared "unknown" bucket, or nothing for IP_LIMIT_EXEMPT.
 */
export const LIMITS = {
  /** codes mailed to one email, any purpose */
  codeRequestsPerEmail: { name: "code-requests-email", points: 10, durationSeconds: 86_400 },
  /** codes mailed on behalf of one IP */
  codeRequestsPerIp: { name: "code-requests-ip", points: 50, durationSeconds: 86_400 },
  /** codes checked (register, code login, password recovery) from one IP, right or wrong */
  codeChecksPerIp: { name: "code-checks-ip", points: 60, durationSeconds: 3_600 },
  /** wrong account or password from one IP; then sign-in from it waits for the window to end */
  signInFailuresPerIp: { name: "sign-in-failures-ip", points: 30, durationSeconds: 3_600 },
  /** enterprise account IDs named from one IP: lookups and enterprise sign-ins, right or wrong */
  enterpriseLookupsPerIp: { name: "enterprise-lookups-ip", points: 60, durationSeconds: 3_600 },
  /** answers that tell whether an email has an account (services/account-lookups.ts), per IP … */
  accountLookupsPerIp: { name: "account-lookups-ip", points: 20, durationSeconds: 3_600 },
  /** … and per email (someone asking about one address from many IPs) */
  accountLookupsPerEmail: { name: "account-lookups-email", points: 5, durationSeconds: 3_600 },
  /** proof-of-work challenges handed to one IP (each costs the server one key derivation) */
  challengesPerIp: { name: "challenges-ip", points: 300, durationSeconds: 3_600 },
  /** verifications exchanged for tickets from one IP (a stored row; reCAPTCHA/Aliyun: a call out) */
  ticketsPerIp: { name: "tickets-ip", points: 300, durationSeconds: 3_600 },
  /** email nonces handed to one IP (each is a stored row) */
  emailNoncesPerIp: { name: "email-nonces-ip", points: 120, durationSeconds: 3_600 },
  /** consecutive wrong passwords of one email, forgotten 24 h after the first or at a success */
  passwordFailures: { name: "password-failures", points: 1_000_000, durationSeconds: 86_400 },
  /** the wait after repeated wrong passwords of one email (a block, see passwordDelaySeconds) */
  passwordDelay: { name: "password-delay", points: 1, durationSeconds: 900 },
  /** consecutive wrong authenticator or recovery codes of one account (two-step-factor.ts) … */
  twoStepFailures: { name: "two-step-failures", points: 1_000_000, durationSeconds: 86_400 },
  /** … and the wait after them, growing as the password wait does (passwordDelaySeconds) */
  twoStepDelay: { name: "two-step-delay", points: 1, durationSeconds: 900 },
  /** wrong redemption codes of one account; then redeeming waits for the window to end */
  redeemFailuresPerUser: { name: "redeem-failures-user", points: 10, durationSeconds: 3_600 },
  /** wrong redemption codes from one IP, whichever accounts */
  redeemFailuresPerIp: { name: "redeem-failures-ip", points: 30, durationSeconds: 3_600 },
  /**
   * failed operator sign-ins (console) from one address, whichever operator; and of one operator
   * email from one address. Never per email alone: anyone could then lock an operator out.
   */
  operatorFailuresPerIp: { name: "operator-failures-ip", points: 20, durationSeconds: 3_600 },
  operatorFailuresPerEmailIp: { name: "operator-failures-email-ip", points: 5, durationSeconds: 900 },
  /** "This wasn't me" of one account (services/disown.ts): each ends every session and mails a notice */
  disownPerUser: { name: "disown-user", points: 5, durationSeconds: 3_600 },
} as const satisfies Record<string, LimitPolicy>;

/** Wrong passwords in a row that cost nothing; the next one starts the wait. */
export const FREE_PASSWORD_FAILURES = 4;
export const PASSWORD_DELAY_BASE_SECONDS = 30;
export const PASSWORD_DELAY_MAX_SECONDS = 900;

/**
 * The wait after the n-th wrong password in a row: none up to the 4th, then 30 s after the
 * 5th, doubling with each further failure (60, 120, 240, 480 s) up to 15 minutes. A wait
 * always ends, and sign-in by emailed code is never delayed by it, so nobody is locked out.
 */
export function passwordDelaySeconds(consecutiveFailures: number): number {
  const over = consecutiveFailures - FREE_PASSWORD_FAILURES;
  if (over <= 0) return 0;
  return Math.min(PASSWORD_DELAY_MAX_SECONDS, PASSWORD_DELAY_BASE_SECONDS * 2 ** Math.min(over - 1, 16));
}

/**
 * Failures that mean "wrong account or password" (or a passkey answer that did not verify):
 * they count towards throttles and verification.
 */
export const CREDENTIAL_FAILURES = [ErrorCode.accountNotFound, ErrorCode.incorrectCredentials, ErrorCode.passkeyRefused] as const;

/** Human verification is required for a sign-in once, within the last hour, there were … */
export const VERIFICATION_AFTER = {
  windowSeconds: 3_600,
  /** … this many failed sign-ins for the email */
  emailFailures: 3,
  /** … or this many from the IP (its sign-in-failures-ip count) */
  ipFailures: 10,
} as const;
