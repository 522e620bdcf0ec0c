import { z } from "zod";
import { characterCount, CODE_RULE, EMAIL_RULE, ENTERPRISE_ACCOUNT_RULE, LOGIN_PASSWORD_RULE, PASSWORD_RULE, type TextRule } from "./rules";

/**
 * The field rules of lib/contract/rules.ts as classic zod fields, for the contract's request
 * schemas (the services validate with them and publish them as OpenAPI).
 */
export { canonicalEmail, CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from "./rules";

/** A classic zod string field checking a rule of rules.ts (and, for OpenAPI, a format). */
export function fieldFromRule(rule: TextRule, format?: string): z.ZodString {
  let field = z.string({ error: rule.required });
  if (rule.trim) field = field.trim();
  field = field.min(1, { error: rule.required });
  // characters as rules.ts counts them (zod's own min/max count code points without NFC)
  const { min, max } = rule;
  if (min) field = field.refine((value) => characterCount(value) >= min[0], { error: min[1] });
  if (max) field = field.refine((value) => characterCount(value) <= max[0], { error: max[1] });
  if (rule.pattern) field = field.regex(rule.pattern[0], { error: rule.pattern[1] });
  // the bounds for the OpenAPI document, which cannot see inside a refinement
  const meta = { ...(format ? { format } : {}), ...(min ? { minLength: min[0] } : {}), ...(max ? { maxLength: max[0] } : {}) };
  return Object.keys(meta).length > 0 ? field.meta(meta) : field;
}

export const emailField = fieldFromRule(EMAIL_RULE, "email");
export const passwordField = fieldFromRule(PASSWORD_RULE);
export const loginPasswordField = fieldFromRule(LOGIN_PASSWORD_RULE);
export const codeField = fieldFromRule(CODE_RULE);
export const enterpriseAccountField = fieldFromRule(ENTERPRISE_ACCOUNT_RULE);
/** The random nonce an emailed code is bound to (POST /v1/verify/email). */
export const nonceField = z.string().min(16).max(128);
