import * as z from "zod/mini";
import { samePasswordTwice } from "./auth";
import { codeField, emailField, loginPasswordField, passwordField } from "./fields";

/**
 * The social screens' forms (connection screen, first password), shared by the client forms
 * and their server actions. Messages are keys under `validation`.
 */

/** Connect with the existing account's password. */
export const connectPasswordSchema = z.object({ password: loginPasswordField });
export type ConnectPasswordInput = z.infer<typeof connectPasswordSchema>;

/** Connect with a code mailed to the account (its email is known) or to an email the user gives. */
export const connectCodeSchema = z.object({ email: emailField, code: codeField });
export type ConnectCodeInput = z.infer<typeof connectCodeSchema>;

/** A first password for an account made by social sign-in: the emailed code and the password twice. */
export const setPasswordSchema = z
  .object({ code: codeField, password: passwordField, confirmPassword: z.string().check(z.minLength(1, { error: "confirmRequired" })) })
  .check(samePasswordTwice);
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
