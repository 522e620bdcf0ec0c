import * as z from "zod/mini";
import { codeField, emailField, enterpriseAccountField, loginPasswordField, passwordField } from "./fields";

/** The sign-in screens' forms (SPEC §5), checked by the form and again by its server action. */
export const loginPasswordSchema = z.object({
  email: emailField,
  password: loginPasswordField,
  remember: z.boolean(),
});
export type LoginPasswordInput = z.infer<typeof loginPasswordSchema>;

/** Sign-in with an emailed code (login mode "code"). */
export const loginCodeSchema = z.object({
  email: emailField,
  code: codeField,
  remember: z.boolean(),
});
export type LoginCodeInput = z.infer<typeof loginCodeSchema>;

const confirmField = z.string().check(z.minLength(1, { error: "confirmRequired" }));

/** A new password typed twice (register, password recovery, password change). */
export const samePasswordTwice = z.refine<{ password: string; confirmPassword: string }>((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  error: "passwordsMismatch",
});

export const registerSchema = z
  .object({
    email: emailField,
    code: codeField,
    password: passwordField,
    confirmPassword: confirmField,
    agree: z.boolean().check(z.refine((v) => v, { error: "agreementRequired" })),
  })
  .check(samePasswordTwice);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The last step of password recovery: the new password, twice. */
export const newPasswordSchema = z.object({ password: passwordField, confirmPassword: confirmField }).check(samePasswordTwice);
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** Everything the password-recovery action needs, checked again on the server. */
export const findPasswordSchema = z
  .object({ email: emailField, code: codeField, password: passwordField, confirmPassword: confirmField })
  .check(samePasswordTwice);
export type FindPasswordInput = z.infer<typeof findPasswordSchema>;

export const enterpriseLoginSchema = z.object({
  account: enterpriseAccountField,
  email: emailField,
  password: loginPasswordField,
  remember: z.boolean(),
});
export type EnterpriseLoginInput = z.infer<typeof enterpriseLoginSchema>;
