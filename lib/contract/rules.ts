/**
 * The field rules of SPEC §5, written once as data: what is required, how long, what pattern,
 * and the message key (under `validation`) of each failure. The contract builds its classic zod
 * fields from them for the services and the OpenAPI document (fields.ts); the browser's forms
 * check the same rules with a few lines of their own (lib/validation/form-schema.ts), because
 * even zod/mini costs the public pages ~45 KB of their 160 KiB budget. A unit test holds both
 * sides to the same verdicts.
 *
 * This module imports nothing, so any client code may use it.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** Passwords checked at login have no length rule (old ones must still reach the check), only a cap. */
export const LOGIN_PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
export const EMAIL_MAX = 254;
export const ENTERPRISE_ACCOUNT_MAX = 64;

/**
 * How every field rule counts characters (SPEC §5's "6 to 20 characters"), on both sides: the
 * Unicode code points of the text in normalisation form C. Not `.length` (UTF-16 units: an emoji
 * or a CJK extension B ideograph would count twice), and not grapheme clusters (what a reader
 * sees as one character; the browser's and the server's Unicode versions can draw those lines
 * differently, so a form and the services could disagree on a new emoji). NFC first, so an "é"
 * typed as e + combining accent (NFD, as some keyboards and pasted macOS file names give it) is
 * one character, as it looks and as the composed form counts. A family emoji joined by
 * zero-width joiners is several code points and counts so; docs/security.md says it.
 */
export function characterCount(value: string): number {
  return Array.from(value.normalize("NFC")).length;
}

/** An email address as the services accept it (the pattern zod's email format uses). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export function canonicalEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** A text field: checked in this order, the first failure's key is the message. */
export type TextRule = {
  /** the key when the value is missing or empty */
  required: string;
  /** surrounding white space is dropped before the checks (and from the value) */
  trim?: boolean;
  /** bounds in characters as characterCount counts them */
  min?: readonly [number, string];
  max?: readonly [number, string];
  pattern?: readonly [RegExp, string];
};

export const EMAIL_RULE: TextRule = { required: "emailRequired", trim: true, max: [EMAIL_MAX, "emailInvalid"], pattern: [EMAIL_PATTERN, "emailInvalid"] };
export const PASSWORD_RULE: TextRule = { required: "passwordRequired", min: [PASSWORD_MIN, "passwordLength"], max: [PASSWORD_MAX, "passwordLength"] };
export const LOGIN_PASSWORD_RULE: TextRule = { required: "passwordRequired", max: [LOGIN_PASSWORD_MAX, "passwordLength"] };
export const CODE_RULE: TextRule = { required: "codeRequired", trim: true, pattern: [new RegExp(`^\\d{${CODE_LENGTH}}$`), "codeInvalid"] };
/** A business account ID, as an operator created it. */
export const ENTERPRISE_ACCOUNT_RULE: TextRule = {
  required: "accountRequired",
  trim: true,
  max: [ENTERPRISE_ACCOUNT_MAX, "accountInvalid"],
  pattern: [/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "accountInvalid"],
};

/** Human-verification providers and the scenes a verification is made for (SPEC §7, §8). */
export const VERIFICATION_PROVIDERS = ["altcha", "recaptcha", "aliyun"] as const;
export const VERIFICATION_SCENES = ["register", "login", "findpwd", "delete", "security", "password_login", "enterprise_login", "redeem", "social", "step_up"] as const;
/** Purposes an emailed code is requested for; "device" codes are only mailed by a held-back sign-in (20109). */
export const CODE_PURPOSES = ["register", "login", "findpwd", "delete", "device", "security", "social", "step_up"] as const;

/** A redemption code (SPEC §5, §9): 16 digits and letters, case-insensitive. */
export const REDEEM_CODE_LENGTH = 16;
export const REDEEM_CODE_RULE: TextRule = {
  required: "redeemCodeRequired",
  trim: true,
  pattern: [new RegExp(`^[A-Za-z0-9]{${REDEEM_CODE_LENGTH}}$`), "redeemCodeInvalid"],
};

/** The form a redemption code is stored and compared in: trimmed, upper case. */
export function canonicalRedeemCode(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * A laser welder's serial number (SPEC §5, §9): exactly 23 characters (else the length message),
 * of digits, letters and '-' (else the format error). Compared in upper case.
 */
export const DEVICE_SN_LENGTH = 23;
export const DEVICE_SN_RULE: TextRule = {
  required: "snRequired",
  trim: true,
  min: [DEVICE_SN_LENGTH, "snLength"],
  max: [DEVICE_SN_LENGTH, "snLength"],
  pattern: [/^[A-Za-z0-9-]*$/, "snFormat"],
};

export function canonicalDeviceSn(value: string): string {
  return value.trim().toUpperCase();
}

/** Light sources of a laser welder (SPEC §5, §9). */
export const LIGHT_SOURCES = ["1200W", "800W"] as const;
export type LightSource = (typeof LIGHT_SOURCES)[number];

/** The pre-use trainings: one for laser devices (isFinish/isHave), one for printers (printIsFinish/printIsHave). */
export const TRAINING_COURSES = ["laser", "printer"] as const;
export type TrainingCourse = (typeof TRAINING_COURSES)[number];
