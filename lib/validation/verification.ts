import * as z from "zod/mini";
import { VERIFICATION_PROVIDERS } from "@/lib/contract/rules";
import type { VerificationConfig } from "@/lib/contract/verification";

/**
 * What a human-verification widget hands its form: the provider that made it and the value
 * it produced (an ALTCHA payload, a reCAPTCHA token or an Aliyun nvc value). The server
 * action exchanges it for a ticket.
 */
export const verificationValueSchema = z.object({
  provider: z.enum(VERIFICATION_PROVIDERS),
  value: z.string().check(z.minLength(1), z.maxLength(8192)),
});
export type VerificationValue = z.infer<typeof verificationValueSchema>;

/** Purposes a code can be requested for from the sign-in screens (social: the connection screen). */
export const codeRequestPurposeSchema = z.enum(["register", "login", "findpwd", "social"]);
export type CodeRequestPurpose = z.infer<typeof codeRequestPurposeSchema>;

/** What a page hands its form about human verification: the services' choice, or why it is unknown. */
export type VerificationSetup = { ok: true; config: VerificationConfig } | { ok: false; code: number };
