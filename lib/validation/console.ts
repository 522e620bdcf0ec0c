import { EMAIL_RULE } from "@/lib/contract/rules";
import { OPERATOR_PASSWORD_MIN } from "@/lib/contract/console/operators";
import { OPERATOR_ROLES, REASON_MAX, REASON_MIN } from "@/lib/contract/console/roles";
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
export const registerClientSchema = formSchema({
  name: (raw) => (typeof raw === "string" && raw.trim().length > 0 && raw.trim().length <= 100 ? { ok: true, value: raw } : { ok: false, message: "badClientName" }),
  kind: oneOf(CLIENT_FORM_KINDS, "badKind"),
  native: (raw) => ({ ok: true, value: raw === true }),
  thirdParty: (raw) => ({ ok: true, value: raw === true }),
  brand: anyText,
  redirectUris: (raw) => (typeof raw === "string" && raw.trim().length > 0 ? { ok: true, value: raw } : { ok: false, message: "noRedirectUri" }),
  postLogoutUris: anyText,
  backchannelLogoutUri: anyText,
  jwks: anyText,
  reason: (raw) => {
    const checked = reasonCheck(raw);
    return checked.ok ? checked : { ok: false, message: "badReason" };
  },
});
export type RegisterClientInput = Infer<typeof registerClientSchema>;

/** The import screen: one file (the services check its size, shape and every row), and the run's reason. */
export const userImportSchema = formSchema({
  file: (raw) => (typeof FileList !== "undefined" && raw instanceof FileList && raw.length === 1 ? { ok: true, value: raw } : { ok: false, message: "fileRequired" }),
  reason: (raw) => ({ ok: true, value: typeof raw === "string" ? raw : "" }),
});
export type UserImportInput = Infer<typeof userImportSchema>;
