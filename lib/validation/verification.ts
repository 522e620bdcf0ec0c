import { VERIFICATION_PROVIDERS } from "@/lib/contract/rules";
import type { VerificationConfig } from "@/lib/contract/verification";
import { formSchema, oneOf, pattern, type Infer } from "./form-schema";

/**
 * What a human-verification widget hands its form: the provider that made it and the value
 * it produced (an ALTCHA payload, a reCAPTCHA token or an Aliyun nvc value). The server
 * action exchanges it for a ticket.
 */
export const verificationValueSchema = formSchema({
  provider: oneOf(VERIFICATION_PROVIDERS),
  value: pattern(/^[\s\S]{1,8192}$/),
});
export type VerificationValue = Infer<typeof verificationValueSchema>;

/** Purposes a code can be requested for from the sign-in screens (social: the connection screen). */
export const CODE_REQUEST_PURPOSES = ["register", "login", "findpwd", "social"] as const;
export const codeRequestPurposeSchema = oneOf(CODE_REQUEST_PURPOSES);
export type CodeRequestPurpose = (typeof CODE_REQUEST_PURPOSES)[number];

/** What a page hands its form about human verification: the services' choice, or why it is unknown. */
export type VerificationSetup = { ok: true; config: VerificationConfig } | { ok: false; code: number };
