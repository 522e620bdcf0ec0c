import { z } from "zod";
import { codeField, loginPasswordField, nonceField } from "./fields";

/**
 * Step-up (docs/security.md, "Step-up"): a change that lowers an account's security needs a
 * proof made in the same session within the last STEP_UP_SECONDS. Without one the change is
 * refused with 20113 (stepUpRequired) and nothing changes; the portal then asks for a proof and
 * tries again.
 *
 * Ways to prove: the password; an emailed code (purpose "step_up") for an account without a
 * password; and, once those features exist, a passkey or an authenticator-app code.
 */
export const STEP_UP_SECONDS = 300;
export const STEP_UP_METHODS = ["password", "email_code", "passkey", "totp"] as const;
export const stepUpMethodSchema = z.enum(STEP_UP_METHODS);
export type StepUpMethod = z.infer<typeof stepUpMethodSchema>;

// GET /v1/user/step-up — whether this session holds a recent proof, and how the user can prove
export const stepUpStatusResponse = z.object({
  /** a proof made in this session within STEP_UP_SECONDS */
  proven: z.boolean(),
  /** seconds the proof stays good; 0 without one */
  expiresIn: z.number().int(),
  /** the ways this account can prove itself, in the order the portal offers them */
  methods: z.array(stepUpMethodSchema),
});
export type StepUpStatus = z.infer<typeof stepUpStatusResponse>;

// POST /v1/user/step-up — prove with the current `password`, or (an account without a password)
// with a `captcha` of purpose "step_up" mailed to the account (POST /v1/user/verify/email, then
// /v1/captcha) and its `nonce`. Passkeys and authenticator codes prove through their own routes.
export const stepUpRequest = z.object({
  password: loginPasswordField.optional(),
  captcha: codeField.optional(),
  nonce: nonceField.optional(),
});
export const stepUpResponse = z.object({ method: stepUpMethodSchema, expiresIn: z.number().int() });
export type StepUpProof = z.infer<typeof stepUpResponse>;
