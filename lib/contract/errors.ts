/**
 * The error codes the reference services return and the portal understands.
 * Every code has a translated message under `errors.<code>` in messages/*.json,
 * so the portal never shows server-side English text to a user, and the services'
 * own `message` in English and Chinese in error-messages.ts (for native apps and
 * direct callers, in the language of their `lang` header).
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
 * | 10007 | serviceUnavailable    | 503  | a service the request needs (the database) is down; try later |
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
 * | 20113 | stepUpRequired        | 403  | a security-lowering change needs a proof made in this session within 5 minutes (POST /v1/user/step-up) |
 * | 20201 | accountExists         | 409  | register: the email already has an account            |
 * | 20202 | accountNotFound       | 404  | no account for this email: only to a verified sign-in, or after a right code (docs/security.md) |
 * | 20203 | emailNotFound         | 404  | a code was requested for an unknown email             |
 * | 20204 | incorrectCode         | 400  | wrong, expired or used verification code / nonce      |
 * | 20205 | incorrectCredentials  | 401  | wrong email, password or enterprise account ID (one answer for all) |
 * | 20206 | incorrectPassword     | 400  | wrong current password                                |
 * | 20207 | invalidEmail          | 400  | not an email address                                  |
 * | 20208 | emailBoundElsewhere   | 409  | the email is connected to another account             |
 * | 20220 | passwordBreached      | 400  | a new password is on a list of common or leaked passwords: choose another (docs/security.md) |
 * | 20221 | passwordResetRequired | 403  | the right password, but "This wasn't me" asked for a new one: reset it by email ("Forgot password"); a code, passkey or social sign-in still works |
 * | 20222 | activityNotFound      | 404  | "This wasn't me": no such event in the caller's own security activity |
 * | 20501 | invalidRedemptionCode | 400  | no such code, or expired, used or revoked (one answer for all) |
 * | 20502 | trainingNotFinished   | 403  | the pre-use training (that certificate) is not completed |
 * | 20503 | welderVideoNotWatched | 403  | the welder video was not watched in full: no SN password |
 * | 20504 | snLengthIncorrect     | 400  | the device SN is not 23 characters                     |
 * | 20505 | snFormatError         | 400  | the device SN has characters other than letters, digits, '-' |
 * | 20506 | videoViewRefused      | 409  | a viewing report the server cannot believe (unknown, ahead of time, or too early to finish) |
 * | 20507 | snPasswordLimit       | 429  | SN passwords for new devices over the account's or the address's 24-hour budget; `data.retryAfter` |
 * | 20601 | messageCategoryNotBlockable | 400 | messages: system (and activity) messages cannot be turned off |
 * | 20602 | messageNotFound       | 404  | messages: no such message in the caller's inbox        |
 * | 20301 | socialAuthFailed      | 401  | social sign-in: the provider refused, or its answer failed a check (state, nonce, token) |
 * | 20302 | socialBoundElsewhere  | 409  | the social account is connected to another account    |
 * | 20303 | socialUnbindFailed    | 409  | disconnection failed: the account is not connected to that provider |
 * | 20304 | lastWayIn             | 409  | removing a way in (a social account, a passkey) would leave the account without one (set a password first) |
 * | 20305 | socialEnterprise      | 403  | enterprise accounts never sign in or connect socially  |
 * | 20306 | socialLinkExpired     | 400  | the connection request (ticket) is unknown, used or expired |
 * | 20307 | socialReturnNotAllowed | 400 | `uri` is not one of the portal's callback addresses   |
 * | 20308 | socialUnavailable     | 503  | the provider is not configured or cannot be reached    |
 * | 20309 | socialChannelTaken    | 409  | the account is already connected to another account of that provider |
 * | 20310 | passwordAlreadySet    | 409  | setting a first password on an account that has one    |
 * | 20311 | socialConnectionRequired | 409 | the provider's email belongs to an account: prove it is yours (`data.ticket`) |
 * | 20312 | socialEmailRequired   | 428  | the provider gave no verified email: ask for one (`data.ticket`) |
 * | 20401 | cookieDomainRefused   | 400  | cookie endpoints: the domain is not configured, or not this site's |
 * | 20402 | cookieTargetRefused   | 400  | add-cookies: the target is not allowlisted, or carries a token |
 * | 20403 | cookieOtherAccount    | 409  | set-cookies: another account is signed in on that site; kept |
 * | 20404 | embedHandoffRefused   | 403  | the page was not launched by an allowed host: no token for scripts |
 * | 20701 | passkeyRefused        | 401  | a passkey's answer failed verification (signature, origin, RP ID, counter, unknown or other user's passkey); counted like a wrong password |
 * | 20702 | passkeyChallengeExpired | 400 | the passkey attempt is unknown, used, expired or another session's: start again |
 * | 20703 | passkeyLimit          | 409  | the account has the most passkeys it may have (20): remove one first |
 * | 20704 | passkeyMalformed      | 400  | the passkey answer is not WebAuthn (bad CBOR or client data JSON) |
 * | 20705 | passkeyNotFound       | 404  | no such passkey on this account                       |
 * | 20706 | passkeyExists         | 409  | that passkey is already registered                    |
 * | 20801 | appAccessNotFound     | 404  | the app holds no access to this account (taken back already, or never given) |
 * | 20901 | twoStepRequired       | 403  | the first factor passed and two-step is on: no session yet; `data.ticket` (+ `data.methods`) goes to POST /v1/login/two-step |
 * | 20902 | twoStepTicketInvalid  | 400  | the second-step ticket is unknown, used, expired, out of tries or from another device: sign in again |
 * | 20903 | twoStepCodeIncorrect  | 400  | wrong, replayed or used authenticator or recovery code (counted per account) |
 * | 20904 | twoStepAlreadyOn      | 409  | two-step setup while two-step is on                  |
 * | 20905 | twoStepNotOn          | 409  | turning off or renewing recovery codes while two-step is off |
 * | 20906 | twoStepSetupExpired   | 400  | confirming an authenticator without a live setup (start again) |
 * | 21101 | importTooLarge        | 413  | console import: the file is over the size or row limit (`data.maxBytes`, `data.maxRows`) |
 * | 21102 | importMalformed       | 400  | console import: the file is not CSV/JSON of users (`data.line` where it broke) |
 * | 21103 | operatorSecretUnreadable | 409 | console sign-in: the operator's authenticator was sealed under another server secret (CODE_SECRET): an admin re-issues it |
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
  serviceUnavailable: 10007,
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
  stepUpRequired: 20113,
  accountExists: 20201,
  accountNotFound: 20202,
  emailNotFound: 20203,
  incorrectCode: 20204,
  incorrectCredentials: 20205,
  incorrectPassword: 20206,
  invalidEmail: 20207,
  emailBoundElsewhere: 20208,
  passwordBreached: 20220,
  passwordResetRequired: 20221,
  activityNotFound: 20222,
  invalidRedemptionCode: 20501,
  trainingNotFinished: 20502,
  welderVideoNotWatched: 20503,
  snLengthIncorrect: 20504,
  snFormatError: 20505,
  videoViewRefused: 20506,
  snPasswordLimit: 20507,
  messageCategoryNotBlockable: 20601,
  messageNotFound: 20602,
  socialAuthFailed: 20301,
  socialBoundElsewhere: 20302,
  socialUnbindFailed: 20303,
  lastWayIn: 20304,
  socialEnterprise: 20305,
  socialLinkExpired: 20306,
  socialReturnNotAllowed: 20307,
  socialUnavailable: 20308,
  socialChannelTaken: 20309,
  passwordAlreadySet: 20310,
  socialConnectionRequired: 20311,
  socialEmailRequired: 20312,
  cookieDomainRefused: 20401,
  cookieTargetRefused: 20402,
  cookieOtherAccount: 20403,
  embedHandoffRefused: 20404,
  passkeyRefused: 20701,
  passkeyChallengeExpired: 20702,
  passkeyLimit: 20703,
  passkeyMalformed: 20704,
  passkeyNotFound: 20705,
  passkeyExists: 20706,
  appAccessNotFound: 20801,
  twoStepRequired: 20901,
  twoStepTicketInvalid: 20902,
  twoStepCodeIncorrect: 20903,
  twoStepAlreadyOn: 20904,
  twoStepNotOn: 20905,
  twoStepSetupExpired: 20906,
  importTooLarge: 21101,
  importMalformed: 21102,
  operatorSecretUnreadable: 21103,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** The languages the services answer in (the `lang` request header: zh, else en). */
export type MessageLang = "en" | "zh";

/**
 * The services' `message` for every code, in both languages: a `Record` over every code, so a
 * code added to `ErrorCode` without its texts does not compile. The table itself is
 * error-messages.ts (its own module, like http-status.ts: browsers need the codes, never it).
 */
export type ErrorMessages = { readonly [code in ErrorCodeValue]: Readonly<Record<MessageLang, string>> };

const known = new Set<number>(Object.values(ErrorCode));

/** The message key for a code; unknown codes show the generic system error. */
export function errorMessageKey(code: number): `${ErrorCodeValue}` {
  return (known.has(code) ? String(code) : String(ErrorCode.systemError)) as `${ErrorCodeValue}`;
}
