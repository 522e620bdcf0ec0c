import { codeField } from "./fields";
import { formSchema, pattern, textField, type Infer } from "./form-schema";

/** The two-step forms (components/security/two-step-*, components/auth/two-step-step), shared with their server actions. */

/** A 6-digit authenticator code (the same shape as an emailed code). */
export const totpCodeSchema = formSchema({ code: codeField });
export type TotpCodeInput = Infer<typeof totpCodeSchema>;

/** A recovery code as typed: "abcde-fghjk", any case, spaces and dashes ignored. */
export const recoveryCodeSchema = formSchema({
  code: textField({ required: "recoveryCodeRequired", trim: true, pattern: [/^[A-Za-z0-9][A-Za-z0-9 -]{8,22}[A-Za-z0-9]$/, "recoveryCodeInvalid"] }),
});
export type RecoveryCodeInput = Infer<typeof recoveryCodeSchema>;

/** The ticket of a sign-in held for its second step (20901). */
export const twoStepTicketField = pattern(/^[A-Za-z0-9._~-]{16,256}$/);
