import { EMAIL_RULE } from "@/lib/contract/rules";
import { OPERATOR_PASSWORD_MIN, OPERATOR_ROLES, REASON_MAX, REASON_MIN } from "@/lib/contract/console/roles";
import { CLIENT_SCOPES, isCalendarDay, type ClientScope } from "@/lib/contract/console/screens";
import { SEARCH_MAX, SOCIAL_FILTER, USER_SEARCH_FIELDS, USER_SORTS, USER_STATUSES, YES_NO } from "@/lib/contract/console/user-search-options";
import { APP_CODE_PATTERN } from "@/lib/contract/message-rules";
import { formSchema, oneOf, pattern, requiredText, textField, type FieldCheck, type Infer } from "./form-schema";

/** The console's forms (docs/operators.md), over the same rules the services check. */
export const operatorSignInSchema = formSchema({
  email: textField(EMAIL_RULE),
  password: requiredText("passwordRequired"),
  code: pattern(/^\s*\d{6}\s*$/, "codeInvalid"),
});
export type OperatorSignInInput = Infer<typeof operatorSignInSchema>;

/** Every console action that changes something carries a reason for the audit log. */
export const reasonCheck: FieldCheck<string> = (raw) => {
  const value = typeof raw === "string" ? raw.trim() : "";
  return value.length >= REASON_MIN && value.length <= REASON_MAX ? { ok: true, value } : { ok: false, message: "reasonRequired" };
};
export const reasonSchema = formSchema({ reason: reasonCheck });
export type ReasonInput = Infer<typeof reasonSchema>;

/** Another operator's role, changed (or the operator disabled or enabled) with a reason (the Operators screen). */
export const operatorChangeSchema = formSchema({ role: oneOf(OPERATOR_ROLES, "role"), reason: reasonCheck });
export type OperatorChangeInput = Infer<typeof operatorChangeSchema>;

/** An operator's own new password: the current one, and a new one of OPERATOR_PASSWORD_MIN to 128 characters. */
export const ownPasswordSchema = formSchema({
  current: requiredText("passwordRequired"),
  next: (raw) => (typeof raw === "string" && raw.length >= OPERATOR_PASSWORD_MIN && raw.length <= 128 ? { ok: true, value: raw } : { ok: false, message: "operatorPassword" }),
});
export type OwnPasswordInput = Infer<typeof ownPasswordSchema>;

/** A new operator (the Operators screen): each field marked with its own message (admin.fields.*). */
export const createOperatorSchema = formSchema({
  email: textField(EMAIL_RULE),
  name: (raw) => {
    const value = typeof raw === "string" ? raw.trim() : "";
    return value.length >= 1 && value.length <= 100 ? { ok: true, value } : { ok: false, message: "name" };
  },
  role: oneOf(OPERATOR_ROLES, "role"),
  reason: reasonCheck,
});
export type CreateOperatorInput = Infer<typeof createOperatorSchema>;

/**
 * Registering an app (the Apps screen): what the form can tell before the services check the
 * rest (each URI against the redirect rules, the brand, the JWKS). Message keys of console.errors.
 */
export const CLIENT_FORM_KINDS = ["public", "client_secret_basic", "private_key_jwt"] as const;
const anyText: FieldCheck<string> = (raw) => ({ ok: true, value: typeof raw === "string" ? raw : "" });
// the ticked boxes: none ticked is openid alone
const clientScopesCheck: FieldCheck<ClientScope[]> = (raw) => {
  const ticked = Array.isArray(raw) ? raw : [];
  const scopes = CLIENT_SCOPES.filter((scope): scope is ClientScope => ticked.includes(scope));
  return ticked.length === scopes.length ? { ok: true, value: scopes } : { ok: false, message: "badScope" };
};
const clientReasonCheck: FieldCheck<string> = (raw) => {
  const checked = reasonCheck(raw);
  return checked.ok ? checked : { ok: false, message: "badReason" };
};
export const registerClientSchema = formSchema({
  name: (raw) => (typeof raw === "string" && raw.trim().length > 0 && raw.trim().length <= 100 ? { ok: true, value: raw } : { ok: false, message: "badClientName" }),
  kind: oneOf(CLIENT_FORM_KINDS, "badKind"),
  native: (raw) => ({ ok: true, value: raw === true }),
  thirdParty: (raw) => ({ ok: true, value: raw === true }),
  brand: anyText,
  redirectUris: (raw) => (typeof raw === "string" && raw.trim().length > 0 ? { ok: true, value: raw } : { ok: false, message: "noRedirectUri" }),
  postLogoutUris: anyText,
  backchannelLogoutUri: anyText,
  origins: anyText,
  privacyUrl: anyText,
  termsUrl: anyText,
  jwks: anyText,
  scopes: clientScopesCheck,
  reason: clientReasonCheck,
});
export type RegisterClientInput = Infer<typeof registerClientSchema>;

/** An existing app's scopes chosen again (the Apps screen's list), with a reason. */
export const clientScopesSchema = formSchema({ scopes: clientScopesCheck, reason: clientReasonCheck });
export type ClientScopesInput = Infer<typeof clientScopesSchema>;

/** The import screen: one file (the services check its size, shape and every row), and the run's reason. */
export const userImportSchema = formSchema({
  file: (raw) => (typeof FileList !== "undefined" && raw instanceof FileList && raw.length === 1 ? { ok: true, value: raw } : { ok: false, message: "fileRequired" }),
  reason: (raw) => ({ ok: true, value: typeof raw === "string" ? raw : "" }),
});
export type UserImportInput = Infer<typeof userImportSchema>;

/**
 * The Users screen's search and filters, the rules the services check (lib/contract/console/users.ts);
 * each refusal is the field's own message (console.fields.*). An empty field is no filter.
 */
const text = (ok: (value: string) => boolean, message: string): FieldCheck<string> => (raw) => {
  const value = typeof raw === "string" ? raw.trim() : "";
  return value === "" || ok(value) ? { ok: true, value } : { ok: false, message };
};
const emptyOr = <const T extends readonly string[]>(values: T, message: string) => text((value) => (values as readonly string[]).includes(value), message);
export const userSearchFormSchema = formSchema(
  {
    q: text((value) => value.length <= SEARCH_MAX, "q"),
    by: oneOf(USER_SEARCH_FIELDS, "by"),
    status: emptyOr(USER_STATUSES, "status"),
    twoStep: emptyOr(YES_NO, "twoStep"),
    passkey: emptyOr(YES_NO, "passkey"),
    social: text((value) => SOCIAL_FILTER.test(value.toLowerCase()), "social"),
    brand: text((value) => APP_CODE_PATTERN.test(value), "brand"),
    createdFrom: text(isCalendarDay, "createdFrom"),
    createdTo: text(isCalendarDay, "createdTo"),
    signedInFrom: text(isCalendarDay, "signedInFrom"),
    signedInTo: text(isCalendarDay, "signedInTo"),
    sort: oneOf(USER_SORTS, "sort"),
    order: oneOf(["desc", "asc"], "order"),
  },
  (data) => {
    if (data.createdFrom && data.createdTo && data.createdFrom > data.createdTo) return { path: ["createdTo"], message: "createdTo" };
    if (data.signedInFrom && data.signedInTo && data.signedInFrom > data.signedInTo) return { path: ["signedInTo"], message: "signedInTo" };
    return null;
  },
);
export type UserSearchFormInput = Infer<typeof userSearchFormSchema>;
