import { z } from "zod";
import { codeField, loginPasswordField, passwordField } from "./fields";

/**
 * Account security forms (SPEC §5), shared by the client forms and their server actions.
 * Messages are keys under `validation`.
 */

/** Changing the password: the current one, then the new one twice. */
export const changePasswordSchema = z
  .object({
    oldPassword: loginPasswordField,
    password: passwordField,
    confirmPassword: z.string().min(1, { error: "confirmRequired" }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: "passwordsMismatch" });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The last step of account deletion: the emailed code and both confirmations. */
export const deleteAccountSchema = z.object({
  code: codeField,
  financialResponsibility: z.boolean().refine((v) => v, { error: "confirmFinancial" }),
  permanentDeletion: z.boolean().refine((v) => v, { error: "confirmPermanent" }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** A code request or a deletion names the nonce of the code it is about. */
export const nonceField = z.string().min(16).max(128);

/** The device-code step of a sign-in held back for a new device (20109). */
export const deviceCodeSchema = z.object({ code: codeField });
export type DeviceCodeInput = z.infer<typeof deviceCodeSchema>;
export const deviceChallengeField = z.string().regex(/^[A-Za-z0-9._~-]{16,256}$/);

/** Ids the security screens send back: a session (UUID) and a known device. */
export const sessionIdField = z.uuid();
export const deviceIdField = z.string().min(1).max(128);

export const SESSION_PAGE_SIZES = [10, 20, 50] as const;
export const sessionPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (SESSION_PAGE_SIZES as readonly number[]).includes(n))
    .default(10),
});
