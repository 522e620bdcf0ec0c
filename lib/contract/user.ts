import { z } from "zod";
import { codeField, loginPasswordField, nonceField, passwordField } from "./fields";
import { GENDERS, INTRODUCTION_MAX, isStorableBirthday, NICKNAME_MAX } from "./profile-rules";

/**
 * The signed-in user's profile and account security (SPEC §3, §5, §7), passport API `/v1`.
 * Every call needs the session token (`utoken`); a user only ever reads or changes their own data.
 */

export { AVATAR_MAX_BYTES, AVATAR_TYPES, INTRODUCTION_MAX, NICKNAME_MAX } from "./profile-rules";

// PATCH /v1/user/headpic — multipart/form-data with the image in the field `headpic`.
// The service checks the bytes (PNG, JPEG, WebP up to 5 MB), re-encodes and strips metadata.
export const headpicResponse = z.object({ headpic: z.string() });

// PATCH /v1/user/otherinfo
export const otherInfoRequest = z.object({
  nickname: z.string().trim().max(NICKNAME_MAX, { error: "nicknameTooLong" }),
  introduction: z.string().trim().max(INTRODUCTION_MAX, { error: "introductionTooLong" }),
});

// PATCH /v1/user/gender
export const genderRequest = z.object({ gender: z.enum(GENDERS, { error: "genderRequired" }) });

// PATCH /v1/user/birthday — YYYY-MM-DD, a real date, not in the future, not before 1900
export const birthdayRequest = z.object({
  birthday: z
    .string({ error: "birthdayRequired" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "birthdayRequired" })
    .refine(isStorableBirthday, { error: "birthdayInvalid" }),
});

// GET /v1/region/country and GET /v1/region/country/{id}/states — names in the `lang` header's language
export const regionItem = z.object({ id: z.number().int(), name: z.string() });
export const regionListResponse = z.array(regionItem);
export type RegionItem = z.infer<typeof regionItem>;

// PATCH /v1/user/country — region null when the country has none or the user picks none
export const countryRequest = z.object({
  country: z.number().int().positive({ error: "countryRequired" }),
  region: z.number().int().positive().nullable(),
});

// PATCH /v1/user/password — a wrong current password is 20206
/** signOutOthers (default true): the account's other sessions end with the change. */
export const changePasswordRequest = z.object({ oldPassword: loginPasswordField, newPassword: passwordField, signOutOthers: z.boolean().default(true) });

// GET /v1/user/session/log?page=1&pageSize=10
export const platformSchema = z.enum(["pc", "pad", "mobile", "web-pc", "web-mobile", "web-pad", "os"]);
export const loginSessionItem = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  /** "City, Region, Country" from the offline IP database; null when unknown (private addresses) */
  location: z.string().nullable(),
  firstLogin: z.string(),
  lastLogin: z.string(),
  /** the brand/app code the session signed in through */
  application: z.string().nullable(),
  /** the social sign-in provider of the session (google, …); null or absent for other ways in */
  provider: z.string().nullable().optional(),
  /** the name of the app (OpenID client) the sign-in was made for; null or absent for the portal's own */
  app: z.string().nullable().optional(),
  platform: platformSchema.nullable(),
  /** operating system and browser, parsed from the user agent */
  os: z.string().nullable(),
  current: z.boolean(),
});
export type LoginSessionItem = z.infer<typeof loginSessionItem>;
export const sessionLogResponse = z.object({
  list: z.array(loginSessionItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// POST /v1/user/session/clear — without sessionId: every session but the current one
export const clearSessionsRequest = z.object({ sessionId: z.string().uuid().optional() });
export const clearSessionsResponse = z.object({ ended: z.number().int() });

// Device security (our definition; SPEC §2 names the section):
// GET /v1/user/device/security, PATCH /v1/user/device/security {enabled}, DELETE /v1/user/device/{id}.
// With it on, a sign-in from an unknown device answers 20109 with data {challenge} and emails a
// code; POST /v1/login/device {challenge, captcha, remember?} finishes the sign-in and remembers the device.
export const knownDevice = z.object({
  id: z.string(),
  name: z.string(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  current: z.boolean(),
});
/** GET /v1/user/device/security?page=&pageSize=: the known devices come a page at a time, like the login log. */
export const deviceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
/** `devices` is one page (the first, after a change) of `total` known devices, most recently seen first. */
export const deviceSecurityResponse = z.object({
  enabled: z.boolean(),
  devices: z.array(knownDevice),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type KnownDevice = z.infer<typeof knownDevice>;
export type DeviceSecurity = z.infer<typeof deviceSecurityResponse>;
/**
 * Turning device security on needs nothing more; turning it off (a security-lowering change)
 * needs proof that the account's owner asks: the current `password`, or a `captcha` of purpose
 * "security" mailed to the account (POST /v1/user/verify/email, then /v1/captcha) with its
 * `nonce`, the way for an account without a password.
 */
export const deviceSecurityRequest = z.object({
  enabled: z.boolean(),
  password: loginPasswordField.optional(),
  captcha: codeField.optional(),
  nonce: nonceField.optional(),
});
export const deviceLoginRequest = z.object({
  challenge: z.string().min(16).max(256),
  captcha: codeField,
  remember: z.boolean().optional(),
});

// GET /v1/user/oauth/list — sign-in providers and whether this account is connected to each, and
// whether the account has a password (an account made by social sign-in has none until one is set)
export const socialAccountItem = z.object({ channel: z.string(), connected: z.boolean(), name: z.string().nullable() });
export const socialAccountsResponse = z.object({ providers: z.array(socialAccountItem), passwordSet: z.boolean() });

// POST /v1/user/delete — the code from POST /v1/user/verify/email + /v1/captcha (type "delete")
// and both confirmations (SPEC §5). Every session ends and the personal data is removed.
export const deleteAccountRequest = z.object({
  captcha: codeField,
  nonce: nonceField,
  financialResponsibility: z.literal(true, { error: "confirmFinancial" }),
  permanentDeletion: z.literal(true, { error: "confirmPermanent" }),
});
