import * as z from "zod/mini";
import { codeChecks, emailChecks, enterpriseAccountChecks, loginPasswordChecks, passwordChecks, REQUIRED } from "@/lib/contract/rules";

/**
 * The contract's field rules (lib/contract/rules.ts) as zod/mini fields, for the client forms
 * and their server actions. The same check objects build the services' fields, so a form never
 * accepts what the services refuse.
 */
export { canonicalEmail, CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/contract/rules";

export const emailField = z.string({ error: REQUIRED.email }).check(...emailChecks);
export const passwordField = z.string({ error: REQUIRED.password }).check(...passwordChecks);
export const loginPasswordField = z.string({ error: REQUIRED.password }).check(...loginPasswordChecks);
export const codeField = z.string({ error: REQUIRED.code }).check(...codeChecks);
export const enterpriseAccountField = z.string({ error: REQUIRED.account }).check(...enterpriseAccountChecks);
export const nonceField = z.string().check(z.minLength(16), z.maxLength(128));
