import { z } from "zod";
import { codeField, emailField, loginPasswordField, passwordField } from "./fields";

export const loginPasswordSchema = z.object({
  email: emailField,
  password: loginPasswordField,
  remember: z.boolean(),
});
export type LoginPasswordInput = z.infer<typeof loginPasswordSchema>;

export const registerSchema = z
  .object({
    email: emailField,
    code: codeField,
    password: passwordField,
    confirmPassword: z.string().min(1, { error: "confirmRequired" }),
    agree: z.boolean().refine((v) => v, { error: "agreementRequired" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    error: "passwordsMismatch",
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const sendCodeSchema = z.object({ email: emailField });
