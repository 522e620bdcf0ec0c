import { confirmField } from "./auth";
import { formSchema, samePasswordTwice, type Infer } from "./form-schema";
import { codeField, emailField, loginPasswordField, passwordField } from "./fields";

/**
 * The social screens' forms (connection screen, first password), shared by the client forms
 * and their server actions. Messages are keys under `validation`.
 */

/** Connect with the existing account's password. */
export const connectPasswordSchema = formSchema({ password: loginPasswordField });
export type ConnectPasswordInput = Infer<typeof connectPasswordSchema>;

/** Connect with a code mailed to the account (its email is known) or to an email the user gives. */
export const connectCodeSchema = formSchema({ email: emailField, code: codeField });
export type ConnectCodeInput = Infer<typeof connectCodeSchema>;

/** A first password for an account made by social sign-in: the emailed code and the password twice. */
export const setPasswordSchema = formSchema({ code: codeField, password: passwordField, confirmPassword: confirmField }, samePasswordTwice);
export type SetPasswordInput = Infer<typeof setPasswordSchema>;
