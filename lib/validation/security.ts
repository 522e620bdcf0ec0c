import { confirmField } from "./auth";
import { booleanField, formSchema, pattern, samePasswordTwice, ticked, type FieldCheck, type Infer } from "./form-schema";
import { codeField, loginPasswordField, passwordField } from "./fields";

/**
 * Account security forms (SPEC §5), shared by the client forms and their server actions.
 * Messages are keys under `validation`.
 */

/**
 * Changing the password (consumer and enterprise): the current one, then the new one twice, and
 * whether the account's other devices are signed out (ticked unless the user unticks it).
 */
export const changePasswordSchema = formSchema(
  { oldPassword: loginPasswordField, password: passwordField, confirmPassword: confirmField, signOutOthers: booleanField },
  samePasswordTwice,
);
export type ChangePasswordInput = Infer<typeof changePasswordSchema>;

/** The last step of account deletion: the emailed code and both confirmations. */
export const deleteAccountSchema = formSchema({
  code: codeField,
  financialResponsibility: ticked("confirmFinancial"),
  permanentDeletion: ticked("confirmPermanent"),
});
export type DeleteAccountInput = Infer<typeof deleteAccountSchema>;

/** Turning device security off: the current password proves the owner asks. */
export const deviceSecurityOffSchema = formSchema({ password: loginPasswordField });
export type DeviceSecurityOffInput = Infer<typeof deviceSecurityOffSchema>;

/** The device-code step of a sign-in held back for a new device (20109). */
export const deviceCodeSchema = formSchema({ code: codeField });
export type DeviceCodeInput = Infer<typeof deviceCodeSchema>;
export const deviceChallengeField = pattern(/^[A-Za-z0-9._~-]{16,256}$/);

/** Ids the security screens send back: a session (UUID) and a known device. */
export const sessionIdField = pattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
export const deviceIdField = pattern(/^[\s\S]{1,128}$/);

export const SESSION_PAGE_SIZES = [10, 20, 50] as const;

/** A whole number in the query (`page`, `pageSize`), with its default when absent. */
function queryNumber(fallback: number, accept: (n: number) => boolean): FieldCheck<number> {
  return (raw) => {
    if (raw === undefined || raw === null) return { ok: true, value: fallback };
    const value = typeof raw === "number" ? raw : /^\d{1,6}$/.test(String(raw)) ? Number(raw) : NaN;
    return Number.isInteger(value) && accept(value) ? { ok: true, value } : { ok: false, message: "invalid" };
  };
}

export const sessionPageQuery = formSchema({
  page: queryNumber(1, (n) => n >= 1 && n <= 100_000),
  pageSize: queryNumber(10, (n) => (SESSION_PAGE_SIZES as readonly number[]).includes(n)),
});
