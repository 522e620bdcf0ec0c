import { confirmField } from "./auth";
import { booleanField, formSchema, pattern, samePasswordTwice, ticked, wholeNumber, type Infer } from "./form-schema";
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

/** The device-code step of a sign-in held back for a new device (20109). */
export const deviceCodeSchema = formSchema({ code: codeField });
export type DeviceCodeInput = Infer<typeof deviceCodeSchema>;
export const deviceChallengeField = pattern(/^[A-Za-z0-9._~-]{16,256}$/);

/** Ids the security screens send back: a session (UUID) and a known device. */
export const sessionIdField = pattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
export const deviceIdField = pattern(/^[\s\S]{1,128}$/);

export const SESSION_PAGE_SIZES = [10, 20, 50] as const;

export const sessionPageQuery = formSchema({
  page: wholeNumber((n) => n >= 1 && n <= 100_000, 1),
  pageSize: wholeNumber((n) => (SESSION_PAGE_SIZES as readonly number[]).includes(n), 10),
});

/** The known devices are paged like the login log. */
export const DEVICE_PAGE_SIZES = SESSION_PAGE_SIZES;
export const devicePageQuery = sessionPageQuery;
