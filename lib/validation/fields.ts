import { z } from "zod";

/**
 * Field rules of SPEC §5, shared by client forms, server actions and the reference
 * services. Error messages are message keys under the `validation` namespace.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const CODE_LENGTH = 6;

export function canonicalEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const emailField = z
  .string({ error: "emailRequired" })
  .trim()
  .min(1, { error: "emailRequired" })
  .max(254, { error: "emailInvalid" })
  .pipe(z.email({ error: "emailInvalid" }));

export const passwordField = z
  .string({ error: "passwordRequired" })
  .min(1, { error: "passwordRequired" })
  .min(PASSWORD_MIN, { error: "passwordLength" })
  .max(PASSWORD_MAX, { error: "passwordLength" });

/** A password being checked at login has no length rule, so old passwords still reach the server. */
export const loginPasswordField = z
  .string({ error: "passwordRequired" })
  .min(1, { error: "passwordRequired" })
  .max(128, { error: "passwordLength" });

export const codeField = z
  .string({ error: "codeRequired" })
  .trim()
  .min(1, { error: "codeRequired" })
  .regex(/^\d{6}$/, { error: "codeInvalid" });
