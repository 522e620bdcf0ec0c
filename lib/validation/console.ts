import { EMAIL_RULE } from "@/lib/contract/rules";
import { REASON_MAX, REASON_MIN } from "@/lib/contract/admin/roles";
import { formSchema, pattern, requiredText, textField, type FieldCheck, type Infer } from "./form-schema";

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
