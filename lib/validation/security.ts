import * as z from "zod/mini";
import { samePasswordTwice } from "./auth";
import { codeField, loginPasswordField, passwordField } from "./fields";

/**
 * Account security forms (SPEC §5), shared by the client forms and their server actions.
 * Messages are keys under `validation`.
 */

const confirmField = z.string().check(z.minLength(1, { error: "confirmRequired" }));

/**
 * Changing the password (consumer and enterprise): the current one, then the new one twice, and
 * whether the account's other devices are signed out (ticked unless the user unticks it).
 */
export const changePasswordSchema = z
  .object({ oldPassword: loginPasswordField, password: passwordField, confirmPassword: confirmField, signOutOthers: z.boolean() })
  .check(samePasswordTwice);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const ticked = (error: string) => z.boolean().check(z.refine((v) => v, { error }));

/** The last step of account deletion: the emailed code and both confirmations. */
export const deleteAccountSchema = z.object({
  code: codeField,
  financialResponsibility: ticked("confirmFinancial"),
  permanentDeletion: ticked("confirmPermanent"),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Turning device security off: the current password proves the owner asks. */
export const deviceSecurityOffSchema = z.object({ password: loginPasswordField });
export type DeviceSecurityOffInput = z.infer<typeof deviceSecurityOffSchema>;

/** The device-code step of a sign-in held back for a new device (20109). */
export const deviceCodeSchema = z.object({ code: codeField });
export type DeviceCodeInput = z.infer<typeof deviceCodeSchema>;
export const deviceChallengeField = z.string().check(z.regex(/^[A-Za-z0-9._~-]{16,256}$/));

/** Ids the security screens send back: a session (UUID) and a known device. */
export const sessionIdField = z.uuid();
export const deviceIdField = z.string().check(z.minLength(1), z.maxLength(128));

export const SESSION_PAGE_SIZES = [10, 20, 50] as const;
export const sessionPageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  pageSize: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((n) => (SESSION_PAGE_SIZES as readonly number[]).includes(n)),
    ),
    10,
  ),
});
