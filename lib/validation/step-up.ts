import { codeField, loginPasswordField } from "./fields";
import { formSchema, type Infer } from "./form-schema";

/** The step-up dialog's forms (components/step-up), shared with their server actions. */
export const stepUpPasswordSchema = formSchema({ password: loginPasswordField });
export type StepUpPasswordInput = Infer<typeof stepUpPasswordSchema>;

export const stepUpCodeSchema = formSchema({ code: codeField });
export type StepUpCodeInput = Infer<typeof stepUpCodeSchema>;
