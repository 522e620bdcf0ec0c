import { z } from "zod";
import { PASSKEY_NAME_MAX } from "./passkey-rules";

/**
 * Passkeys (WebAuthn), passport API `/v1`: a signed-in user registers, names, lists, renames and
 * removes passkeys; anybody signs in with one (a discoverable credential, so no email first).
 * Every ceremony is two calls: `…/options` hands out a challenge kept by the services (single
 * use, five minutes) with an `attempt` id it is bound to, and the second call brings the
 * browser's answer with that `attempt`. The shapes are WebAuthn's JSON forms, as
 * @simplewebauthn/browser produces and consumes them.
 */

export { PASSKEY_NAME_MAX, PASSKEYS_PER_USER_MAX } from "./passkey-rules";

/** base64url without padding, as WebAuthn's JSON forms carry binary values */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/);
const transport = z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);
/** a credential named in options, as the services' library writes it */
const optionDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
const attempt = z.string().min(32).max(128).regex(/^[A-Za-z0-9_-]+$/);

export const passkeyNameField = z.string({ error: "passkeyNameRequired" }).trim().min(1, { error: "passkeyNameRequired" }).max(PASSKEY_NAME_MAX, { error: "passkeyNameTooLong" });

// POST /v1/user/passkey/register/options — session; the options for navigator.credentials.create
export const registrationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal("public-key") })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(optionDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
    })
    .optional(),
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export const registrationOptionsResponse = z.object({ attempt: z.string(), options: registrationOptions });
export type RegistrationOptions = z.infer<typeof registrationOptionsResponse>;

// POST /v1/user/passkey/register — session; the browser's answer, bound to the session's attempt
export const registrationResponseJson = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
  response: z.object({
    clientDataJSON: base64url(4_096),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(transport).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8_192).optional(),
  }),
});
export const registerPasskeyRequest = z.object({ attempt, name: passkeyNameField, response: registrationResponseJson });

/**
 * The automatic upgrade (conditional create) right after a password sign-in:
 * POST /v1/user/passkey/auto-register/options answers `{enabled: false}` when the account turned
 * it off, else a session-bound attempt; POST /v1/user/passkey/auto-register brings the browser's
 * answer (no name: the services name the passkey after the device).
 */
export const autoRegistrationOptionsResponse = z.union([
  z.object({ enabled: z.literal(false) }),
  z.object({ enabled: z.literal(true), attempt: z.string(), options: registrationOptions }),
]);
export type AutoRegistrationOptions = z.infer<typeof autoRegistrationOptionsResponse>;
export const autoRegisterPasskeyRequest = z.object({ attempt, response: registrationResponseJson });
// GET and PATCH /v1/user/passkey/upgrade — the account's setting (default on)
export const passkeyUpgradeSetting = z.object({ enabled: z.boolean() });
export type PasskeyUpgradeSetting = z.infer<typeof passkeyUpgradeSetting>;

export const passkeyItem = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** null until the passkey signs in for the first time */
  lastUsedAt: z.string().nullable(),
  /** the passkey is synced (backed up) by its provider, so it survives a lost device */
  backedUp: z.boolean(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

/**
 * What the browser needs to keep its passkeys in step with the server (WebAuthn signals,
 * PublicKeyCredential.signalAllAcceptedCredentials / signalCurrentUserDetails): the RP ID, the
 * account's user handle as its passkeys carry it, its name and display name, and the ids of every
 * passkey the account still has. Optional: an upstream without it simply sends no signals.
 */
export const passkeySignals = z.object({
  rpId: z.string(),
  userId: z.string(),
  name: z.string(),
  displayName: z.string(),
  credentialIds: z.array(z.string()),
});
export type PasskeySignals = z.infer<typeof passkeySignals>;

// GET /v1/user/passkeys — newest first
export const passkeyListResponse = z.object({ passkeys: z.array(passkeyItem), max: z.number().int(), signals: passkeySignals.optional() });
export type PasskeyList = z.infer<typeof passkeyListResponse>;

// PATCH /v1/user/passkey/{id} — rename; DELETE /v1/user/passkey/{id} — remove
export const renamePasskeyRequest = z.object({ name: passkeyNameField });

// POST /v1/login/passkey/options — anonymous; no allowCredentials: the browser offers the site's passkeys
export const authenticationOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(optionDescriptor).optional(),
  userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
});
export const authenticationOptionsResponse = z.object({ attempt: z.string(), options: authenticationOptions });
export type AuthenticationOptions = z.infer<typeof authenticationOptionsResponse>;

export const authenticationResponseJson = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({}).default({}),
  response: z.object({
    clientDataJSON: base64url(4_096),
    authenticatorData: base64url(16_384),
    signature: base64url(2_048),
    userHandle: base64url(128).optional(),
  }),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseJson>;
export type RegistrationResponse = z.infer<typeof registrationResponseJson>;

// POST /v1/login/passkey — a full sign-in (login log, device remembered); a passkey is two
// factors at once (the device and its user's verification), so no device code and no second step
export const passkeyLoginRequest = z.object({ attempt, response: authenticationResponseJson, remember: z.boolean().optional() });
export const passkeyLoginResponse = z.object({
  utoken: z.string().min(32),
  uid: z.string().uuid(),
  /** an enterprise user's passkey: the portal takes them to the business home */
  enterprise: z.boolean(),
  signals: passkeySignals.optional(),
});
export type PasskeySession = z.infer<typeof passkeyLoginResponse>;

// POST /v1/user/step-up/passkey — a step-up proof with one of the account's own passkeys (options:
// POST /v1/user/step-up/passkey/options, bound to the session)
export const passkeyProofRequest = z.object({ attempt, response: authenticationResponseJson });
