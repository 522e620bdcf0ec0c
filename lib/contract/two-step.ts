import { z } from "zod";

/**
 * Two-step sign-in (our definition; issue 23). A sign-in whose first factor passed on an account
 * with two-step on answers 20901 with data {ticket, methods}; POST /v1/login/two-step finishes it.
 * A method is how the second factor is shown: "totp" (a 6-digit authenticator code) or
 * "recovery" (one of the ten recovery codes); a passkey assertion can become one more.
 */
export const TWO_STEP_METHODS = ["totp", "recovery"] as const;
export const twoStepMethodSchema = z.enum(TWO_STEP_METHODS);
export type TwoStepMethod = z.infer<typeof twoStepMethodSchema>;

/** An authenticator code: 6 digits. */
export const totpCodeField = z.string().regex(/^\d{6}$/);
/** A recovery code as typed ("abcde-fghjk"; case, spaces and dashes do not matter). */
export const recoveryCodeField = z.string().trim().min(10).max(24);

/** The second factor shown: a method and its code. */
export const secondFactorProof = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCodeField }),
  z.object({ method: z.literal("recovery"), code: recoveryCodeField }),
]);
export type SecondFactorProofInput = z.infer<typeof secondFactorProof>;

// POST /v1/login/two-step — the ticket of the 20901 answer and a proof; answers the session
export const twoStepLoginRequest = z.intersection(z.object({ ticket: z.string().min(16).max(256) }), secondFactorProof);

// GET /v1/user/two-step
export const twoStepStatusResponse = z.object({
  enabled: z.boolean(),
  /** when it was turned on, ISO 8601 */
  since: z.string().nullable(),
  /** unused recovery codes */
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusResponse>;

// POST /v1/user/two-step/totp — a new secret, shown this once (20904 when two-step is on)
export const totpSetupResponse = z.object({
  /** base32, for typing into the app by hand */
  secret: z.string().min(16).max(128),
  /** the otpauth:// address the QR code carries */
  uri: z.string().startsWith("otpauth://totp/").max(2048),
});
export type TotpSetup = z.infer<typeof totpSetupResponse>;

// POST /v1/user/two-step/totp/confirm — the app's first code turns two-step on
export const totpConfirmRequest = z.object({ code: totpCodeField });
/** The ten recovery codes, shown this once (turning on, or renewing them). */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()).length(10) });

// POST /v1/user/two-step/off and POST /v1/user/two-step/recovery-codes: no body; they need a
// recent step-up proof of the session (20113 without one; lib/contract/step-up.ts)

// POST /v1/user/step-up/totp — an authenticator code as the step-up proof (answers as POST /v1/user/step-up)
export const stepUpTotpRequest = z.object({ code: totpCodeField });
