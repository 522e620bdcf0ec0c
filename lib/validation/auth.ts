import { z } from "zod";
import { enterpriseAccountField } from "@/lib/contract/passport";
import { codeField, emailField, loginPasswordField, passwordField } from "./fields";

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

/** A new password typed twice (register, password recovery, password change). */
function confirmed<S extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: S): S {
  return schema.refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: "passwordsMismatch" });
}

const confirmField = z.string().min(1, { error: "confirmRequired" });

export const registerSchema = confirmed(
  z.object({
    email: emailField,
    code: codeField,
    password: passwordField,
    confirmPassword: confirmField,
    agree: z.boolean().refine((v) => v, { error: "agreementRequired" }),
  }),
);
export type RegisterInput = z.infer<typeof registerSchema>;

export const sendCodeSchema = z.object({ email: emailField });

/** The last step of password recovery: the new password, twice. */
export const newPasswordSchema = confirmed(z.object({ password: passwordField, confirmPassword: confirmField }));
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** Everything the password-recovery action needs, checked again on the server. */
export const findPasswordSchema = confirmed(
  z.object({ email: emailField, code: codeField, password: passwordField, confirmPassword: confirmField }),
);
export type FindPasswordInput = z.infer<typeof findPasswordSchema>;

export const enterpriseLoginSchema = z.object({
  account: enterpriseAccountField,
  email: emailField,
  password: loginPasswordField,
  remember: z.boolean(),
});
export type EnterpriseLoginInput = z.infer<typeof enterpriseLoginSchema>;

/** Changing the enterprise password: the current one, then the new one twice. */
export const enterprisePasswordSchema = confirmed(
  z.object({ oldPassword: loginPasswordField, password: passwordField, confirmPassword: confirmField }),
);
export type EnterprisePasswordInput = z.infer<typeof enterprisePasswordSchema>;
