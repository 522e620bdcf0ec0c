/**
 * The error codes the reference services return and the portal understands.
 * Every code has a translated message under `errors.<code>` in messages/*.json,
 * so the portal never shows server-side English text to a user.
 *
 * | code  | name                  | HTTP | meaning                                               |
 * |-------|-----------------------|------|-------------------------------------------------------|
 * | 0     | ok                    | 200  | success                                               |
 * | 1000  | offline               | -    | the client could not reach the network (portal side)  |
 * | 1002  | networkError          | -    | network error, abort or timeout (portal side)         |
 * | 10000 | systemError           | 500  | unexpected server error                               |
 * | 10001 | invalidParams         | 400  | the request failed validation                         |
 * | 10002 | informationOutOfLimit | 400  | a value is longer or larger than allowed              |
 * | 10003 | captchaFrequency      | 429  | a code was requested less than 60 s ago               |
 * | 10004 | tooManyRequests       | 429  | throttled; `data.retryAfter` says how many seconds    |
 * | 10005 | requestTimeout        | 504  | the server gave up waiting                            |
 * | 10006 | notFound              | 404  | no such endpoint                                      |
 * | 20101 | loginExpired          | 401  | no, unknown, expired or ended session token           |
 * | 20102 | insufficientAuthority | 403  | the session may not do this                           |
 * | 20103 | accountRestricted     | 403  | the account is restricted by an operator              |
 * | 20104 | prohibitedIp          | 403  | the caller's IP address is banned                     |
 * | 20105 | accountBanned         | 403  | the account is banned by an operator                  |
 * | 20106 | verificationRequired  | 428  | human verification needed: send a `ticket`            |
 * | 20107 | verificationFailed    | 400  | the verification or its ticket is invalid, used, old  |
 * | 20109 | deviceVerificationRequired | 403 | sign-in from an unknown device with device security on: a code was mailed; `data.challenge` goes to POST /v1/login/device |
 * | 20110 | avatarUnsupported     | 415  | the avatar is not a PNG, JPEG or WebP image (or is damaged) |
 * | 20111 | avatarTooLarge        | 413  | the avatar is over 5 MB (or declares too many pixels) |
 * | 20112 | avatarUploadFailed    | 500  | the avatar could not be stored                        |
 * | 20201 | accountExists         | 409  | register: the email already has an account            |
 * | 20202 | accountNotFound       | 404  | login: no account for this email                      |
 * | 20203 | emailNotFound         | 404  | a code was requested for an unknown email             |
 * | 20204 | incorrectCode         | 400  | wrong, expired or used verification code / nonce      |
 * | 20205 | incorrectCredentials  | 401  | wrong email or password                               |
 * | 20206 | incorrectPassword     | 400  | wrong current password                                |
 * | 20207 | invalidEmail          | 400  | not an email address                                  |
 * | 20208 | emailBoundElsewhere   | 409  | the email is connected to another account             |
 * | 20401 | cookieDomainRefused   | 400  | cookie endpoints: the domain is not configured, or not this site's |
 * | 20402 | cookieTargetRefused   | 400  | add-cookies: the target is not allowlisted, or carries a token |
 * | 20403 | cookieOtherAccount    | 409  | set-cookies: another account is signed in on that site; kept |
 * | 20404 | embedHandoffRefused   | 403  | the page was not launched by an allowed host: no token for scripts |
 */
export const ErrorCode = {
  ok: 0,
  offline: 1000,
  networkError: 1002,
  systemError: 10000,
  invalidParams: 10001,
  informationOutOfLimit: 10002,
  captchaFrequency: 10003,
  tooManyRequests: 10004,
  requestTimeout: 10005,
  notFound: 10006,
  loginExpired: 20101,
  insufficientAuthority: 20102,
  accountRestricted: 20103,
  prohibitedIp: 20104,
  accountBanned: 20105,
  verificationRequired: 20106,
  verificationFailed: 20107,
  deviceVerificationRequired: 20109,
  avatarUnsupported: 20110,
  avatarTooLarge: 20111,
  avatarUploadFailed: 20112,
  accountExists: 20201,
  accountNotFound: 20202,
  emailNotFound: 20203,
  incorrectCode: 20204,
  incorrectCredentials: 20205,
  incorrectPassword: 20206,
  invalidEmail: 20207,
  emailBoundElsewhere: 20208,
  cookieDomainRefused: 20401,
  cookieTargetRefused: 20402,
  cookieOtherAccount: 20403,
  embedHandoffRefused: 20404,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const HTTP_STATUS_BY_CODE: Record<ErrorCodeValue, number> = {
  0: 200,
  1000: 503,
  1002: 503,
  10000: 500,
  10001: 400,
  10002: 400,
  10003: 429,
  10004: 429,
  10005: 504,
  10006: 404,
  20101: 401,
  20102: 403,
  20103: 403,
  20104: 403,
  20105: 403,
  20106: 428,
  20107: 400,
  20109: 403,
  20110: 415,
  20111: 413,
  20112: 500,
  20201: 409,
  20202: 404,
  20203: 404,
  20204: 400,
  20205: 401,
  20206: 400,
  20207: 400,
  20208: 409,
  20401: 400,
  20402: 400,
  20403: 409,
  20404: 403,
};

const known = new Set<number>(Object.values(ErrorCode));

/** The message key for a code; unknown codes show the generic system error. */
export function errorMessageKey(code: number): `${ErrorCodeValue}` {
  return (known.has(code) ? String(code) : String(ErrorCode.systemError)) as `${ErrorCodeValue}`;
}
