import { CODE_RULE, EMAIL_RULE, ENTERPRISE_ACCOUNT_RULE, LOGIN_PASSWORD_RULE, PASSWORD_RULE } from "@/lib/contract/rules";
import { pattern, textField } from "./form-schema";

/**
 * The contract's field rules (lib/contract/rules.ts) as the forms check them. The services build
 * their fields from the same rules, so a form never accepts what the services refuse.
 */
export { canonicalEmail, CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/contract/rules";

export const emailField = textField(EMAIL_RULE);
export const passwordField = textField(PASSWORD_RULE);
export const loginPasswordField = textField(LOGIN_PASSWORD_RULE);
export const codeField = textField(CODE_RULE);
export const enterpriseAccountField = textField(ENTERPRISE_ACCOUNT_RULE);
export const nonceField = pattern(/^[\s\S]{16,128}$/);
