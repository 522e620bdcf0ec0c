import { booleanField, formSchema, requiredText, samePasswordTwice, ticked, type Infer } from "./form-schema";
import { codeField, emailField, enterpriseAccountField, loginPasswordField, passwordField } from "./fields";

/** The sign-in screens' forms (SPEC §5), checked by the form and again by its server action. */
export const loginPasswordSchema = formSchema({ email: emailField, password: loginPasswordField, remember: booleanField });
export type LoginPasswordInput = Infer<typeof loginPasswordSchema>;

/** Sign-in with an emailed code (login mode "code"). */
export const loginCodeSchema = formSchema({ email: emailField, code: codeField, remember: booleanField });
export type LoginCodeInput = Infer<typeof loginCodeSchema>;

export const confirmField = requiredText("confirmRequired");

export const registerSchema = formSchema(
  { email: emailField, code: codeField, password: passwordField, confirmPassword: confirmField, agree: ticked("agreementRequired") },
  samePasswordTwice,
);
export type RegisterInput = Infer<typeof registerSchema>;

/** The last step of password recovery: the new password, twice. */
export const newPasswordSchema = formSchema({ password: passwordField, confirmPassword: confirmField }, samePasswordTwice);
export type NewPasswordInput = Infer<typeof newPasswordSchema>;

/** The code step of password recovery: the code is checked before the new password is asked for. */
export const findPasswordCodeSchema = formSchema({ email: emailField, code: codeField });
export type FindPasswordCodeInput = Infer<typeof findPasswordCodeSchema>;

/** Everything the password-recovery action needs, checked again on the server. */
export const findPasswordSchema = formSchema(
  { email: emailField, code: codeField, password: passwordField, confirmPassword: confirmField },
  samePasswordTwice,
);
export type FindPasswordInput = Infer<typeof findPasswordSchema>;

export const enterpriseLoginSchema = formSchema({ account: enterpriseAccountField, email: emailField, password: loginPasswordField, remember: booleanField });
export type EnterpriseLoginInput = Infer<typeof enterpriseLoginSchema>;
