import { z } from "zod";
import { codeField, emailField, enterpriseAccountField, loginPasswordField, nonceField, passwordField } from "./fields";
import { CODE_PURPOSES } from "./rules";

/**
 * Request and response shapes of the passport API (SPEC §7), base `/v1`.
 * The reference services parse requests with these schemas; the portal parses responses.
 */

/**
 * A purpose a verification code is requested for; a code only works for its purpose.
 * "device" codes are mailed by a sign-in from an unknown device (20109), never through /v1/captcha.
 */
export const codePurposeSchema = z.enum(CODE_PURPOSES);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

// POST /v1/verify/email
export const verifyEmailRequest = z.object({ email: emailField });
export const verifyEmailResponse = z.object({ nonce: z.string().min(16) });

// POST /v1/captcha — emails a code to `receiver` for the nonce from /verify/email
export const sendCaptchaRequest = z.object({
  receiver: emailField,
  nonce: nonceField,
  type: codePurposeSchema,
  ticket: z.string().max(4096).optional(),
});
export const sendCaptchaResponse = z.object({ resendAfter: z.number().int() });

// POST /v1/register
export const registerRequest = z.object({
  email: emailField,
  password: passwordField,
  captcha: codeField,
  nonce: nonceField,
});

// POST /v1/login
export const loginRequest = z.object({
  email: emailField,
  password: loginPasswordField,
  /** "remember me": the session lives 365 days instead of 30 days without use */
  remember: z.boolean().optional(),
  /** a human-verification ticket, required after repeated failures (20106) */
  ticket: z.string().max(4096).optional(),
});

/** What a successful register or login returns. */
export const sessionResponse = z.object({
  utoken: z.string().min(32),
  uid: z.string().uuid(),
});
export type SessionData = z.infer<typeof sessionResponse>;

const enterpriseUserSchema = z
  .object({
    uid: z.string(),
    /** the business account ID */
    account: z.string(),
    /** the enterprise's display name */
    name: z.string(),
    defaultPassword: z.boolean(),
  })
  .nullable();

// GET /v1/user/basic
export const userBasicResponse = z.object({
  uid: z.string(),
  email: z.string(),
  nickname: z.string().nullable(),
  headpic: z.string().nullable(),
  enterpriseUser: enterpriseUserSchema,
});
export type UserBasic = z.infer<typeof userBasicResponse>;

// GET /v1/user/fullinfo
export const userFullInfoResponse = userBasicResponse.extend({
  introduction: z.string().nullable(),
  gender: z.enum(["male", "female"]).nullable(),
  birthday: z.string().nullable(),
  country: z.number().int().nullable(),
  region: z.number().int().nullable(),
  /** 'country/region' in the request's language, null when no country is set */
  countryRegion: z.string().nullable(),
  createdAt: z.string(),
});
export type UserFullInfo = z.infer<typeof userFullInfoResponse>;

// POST /v1/user/logout — empty success

// ---- Every way in (code login, password recovery, enterprise login) ----

// POST /v1/login/email/captcha — sign in with an emailed code (purpose "login")
export const loginWithCodeRequest = z.object({
  email: emailField,
  captcha: codeField,
  nonce: nonceField,
  remember: z.boolean().optional(),
});

// POST /v1/find/password — set a new password with an emailed code (purpose "findpwd");
// every session of the account ends. Empty success.
export const findPasswordRequest = z.object({
  email: emailField,
  captcha: codeField,
  nonce: nonceField,
  password: passwordField,
});

// POST /v1/find/password/check — checks a "findpwd" code for the email and nonce without
// redeeming it, so the new password is only asked for after a right code. A wrong check spends
// one of the code's attempts, as a wrong reset does; /v1/find/password checks the code again.
export const findPasswordCheckRequest = z.object({
  email: emailField,
  captcha: codeField,
  nonce: nonceField,
});
export const findPasswordCheckResponse = z.object({
  /** seconds the code stays valid */
  expiresIn: z.number().int().nonnegative(),
});

// POST /v1/enterprise/verify/account
export const enterpriseVerifyAccountRequest = z.object({ account: enterpriseAccountField });
export const enterpriseVerifyAccountResponse = z.object({ account: z.string(), name: z.string() });

// POST /v1/enterprise/login
export const enterpriseLoginRequest = z.object({
  account: enterpriseAccountField,
  email: emailField,
  password: loginPasswordField,
  remember: z.boolean().optional(),
  /** a human-verification ticket, required after repeated failures (20106) */
  ticket: z.string().max(4096).optional(),
});
export const enterpriseLoginResponse = sessionResponse.extend({
  /** true while the account still has the password the operator created it with */
  defaultPassword: z.boolean(),
});

// PATCH /v1/enterprise/password — empty success; a wrong old password is 20206
export const enterprisePasswordRequest = z.object({
  oldPassword: loginPasswordField,
  newPassword: passwordField,
  /** default true: the account's other sessions end with the change */
  signOutOthers: z.boolean().default(true),
});
