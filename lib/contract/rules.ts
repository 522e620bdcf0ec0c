import * as zm from "zod/mini";

/**
 * The field rules of SPEC §5, written once as zod checks. Checks are flavour-free: the
 * contract builds its (classic zod) fields from them for the services and the OpenAPI
 * document, and lib/validation builds zod/mini fields from the very same checks for the
 * browser, where the classic library would cost ~40 KB. Messages are keys under `validation`.
 *
 * This module imports only zod/mini, so a client form that needs a rule pulls in no more.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** Passwords checked at login have no length rule (old ones must still reach the check), only a cap. */
export const LOGIN_PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
export const EMAIL_MAX = 254;
export const ENTERPRISE_ACCOUNT_MAX = 64;

export function canonicalEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const emailChecks = [
  zm.trim(),
  zm.minLength(1, { error: "emailRequired" }),
  zm.maxLength(EMAIL_MAX, { error: "emailInvalid" }),
  zm.email({ error: "emailInvalid" }),
] as const;

export const passwordChecks = [
  zm.minLength(1, { error: "passwordRequired" }),
  zm.minLength(PASSWORD_MIN, { error: "passwordLength" }),
  zm.maxLength(PASSWORD_MAX, { error: "passwordLength" }),
] as const;

export const loginPasswordChecks = [
  zm.minLength(1, { error: "passwordRequired" }),
  zm.maxLength(LOGIN_PASSWORD_MAX, { error: "passwordLength" }),
] as const;

export const codeChecks = [
  zm.trim(),
  zm.minLength(1, { error: "codeRequired" }),
  zm.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: "codeInvalid" }),
] as const;

/** A business account ID, as an operator created it. */
export const enterpriseAccountChecks = [
  zm.trim(),
  zm.minLength(1, { error: "accountRequired" }),
  zm.maxLength(ENTERPRISE_ACCOUNT_MAX, { error: "accountInvalid" }),
  zm.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: "accountInvalid" }),
] as const;

/** Messages when the value is not a string at all. */
export const REQUIRED = {
  email: "emailRequired",
  password: "passwordRequired",
  code: "codeRequired",
  account: "accountRequired",
} as const;

/** Human-verification providers and the scenes a verification is made for (SPEC §7, §8). */
export const VERIFICATION_PROVIDERS = ["altcha", "recaptcha", "aliyun"] as const;
export const VERIFICATION_SCENES = ["register", "login", "findpwd", "delete", "password_login", "enterprise_login", "social"] as const;
/**
 * Purposes an emailed code is requested for; "device" codes are only mailed by a held-back sign-in (20109).
 * "social" proves a mailbox for a social sign-in: the email a provider did not verify, or the
 * existing account a social account is about to be connected to.
 */
export const CODE_PURPOSES = ["register", "login", "findpwd", "delete", "device", "social"] as const;
