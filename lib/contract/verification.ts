import { z } from "zod";
import { emailField } from "./fields";
import { VERIFICATION_PROVIDERS, VERIFICATION_SCENES } from "./rules";

/**
 * Human verification (SPEC §7, §8). A verification is made for one scene and one email, and
 * the services turn it into a short-lived, single-use `ticket` bound to both. The ticket is
 * then sent with the request it was made for (POST /v1/captcha, /v1/login, /v1/enterprise/login).
 */
export const verificationSceneSchema = z.enum(VERIFICATION_SCENES);
export type VerificationScene = z.infer<typeof verificationSceneSchema>;

export const verificationProviderSchema = z.enum(VERIFICATION_PROVIDERS);
export type VerificationProvider = z.infer<typeof verificationProviderSchema>;

// GET /v1/verify/config — which provider the services expect, and its public keys.
export const verificationConfigResponse = z.object({
  provider: verificationProviderSchema,
  /** reCAPTCHA site key, or Aliyun app key */
  siteKey: z.string().nullable(),
  /** Aliyun scene (nvc_login) */
  scene: z.string().nullable(),
});
export type VerificationConfig = z.infer<typeof verificationConfigResponse>;

// GET /v1/verify/challenge?scene=&email= — a self-hosted proof-of-work challenge (ALTCHA v2),
// passed to the browser's widget as it is.
export const altchaChallengeResponse = z.record(z.string(), z.unknown());

const ticketRequestBase = z.object({ scene: verificationSceneSchema, email: emailField });

// POST /v1/verify/pow — the solved ALTCHA payload (base64 JSON from the widget)
export const powVerifyRequest = ticketRequestBase.extend({ payload: z.string().min(1).max(8192) });
// POST /v1/verify/ncdata/google — a reCAPTCHA token
export const googleVerifyRequest = ticketRequestBase.extend({ token: z.string().min(1).max(8192) });
// POST /v2/verify/ncdata — Aliyun's nvc value for scene nvc_login
export const aliyunVerifyRequest = ticketRequestBase.extend({ nvc: z.string().min(1).max(8192) });

export const verificationTicketResponse = z.object({
  ticket: z.string().min(16),
  /** seconds the ticket stays valid */
  expiresIn: z.number().int().positive(),
});
