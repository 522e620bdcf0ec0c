import { z } from "zod";
import { CODE_RULE, EMAIL_RULE, ENTERPRISE_ACCOUNT_RULE, LOGIN_PASSWORD_RULE, PASSWORD_RULE, type TextRule } from "./rules";

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
  if (rule.min) field = field.min(rule.min[0], { error: rule.min[1] });
  if (rule.max) field = field.max(rule.max[0], { error: rule.max[1] });
  if (rule.pattern) field = field.regex(rule.pattern[0], { error: rule.pattern[1] });
  return format ? field.meta({ format }) : field;
}

export const emailField = fieldFromRule(EMAIL_RULE, "email");
export const passwordField = fieldFromRule(PASSWORD_RULE);
export const loginPasswordField = fieldFromRule(LOGIN_PASSWORD_RULE);
export const codeField = fieldFromRule(CODE_RULE);
export const enterpriseAccountField = fieldFromRule(ENTERPRISE_ACCOUNT_RULE);
/** The random nonce an emailed code is bound to (POST /v1/verify/email). */
export const nonceField = z.string().min(16).max(128);
