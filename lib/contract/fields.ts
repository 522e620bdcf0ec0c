import { z } from "zod";
import { codeChecks, emailChecks, enterpriseAccountChecks, loginPasswordChecks, passwordChecks, REQUIRED } from "./rules";

/**
 * The field rules of lib/contract/rules.ts as classic zod fields, for the contract's request
 * schemas (the services validate with them and publish them as OpenAPI). The browser's forms
 * build the same rules with zod/mini in lib/validation/fields.ts.
 */
export { canonicalEmail, CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from "./rules";

export const emailField = z.string({ error: REQUIRED.email }).check(...emailChecks);
export const passwordField = z.string({ error: REQUIRED.password }).check(...passwordChecks);
export const loginPasswordField = z.string({ error: REQUIRED.password }).check(...loginPasswordChecks);
export const codeField = z.string({ error: REQUIRED.code }).check(...codeChecks);
export const enterpriseAccountField = z.string({ error: REQUIRED.account }).check(...enterpriseAccountChecks);
/** The random nonce an emailed code is bound to (POST /v1/verify/email). */
export const nonceField = z.string().min(16).max(128);
