import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import type { AuthenticationOptions, PasskeySignals, RegistrationOptions } from "@/lib/contract/passkeys";

/**
 * The browser side of passkeys. @simplewebauthn/browser is loaded on demand (a dynamic import
 * when a passkey is used), so no public page carries it in its first JavaScript.
 *
 * Where passkeys cannot work the controls are hidden, not broken: no PublicKeyCredential (old
 * webviews), not a secure context, or a frame whose host did not delegate the feature
 * (`allow="publickey-credentials-get *; publickey-credentials-create *"`), which the document's
 * permissions policy tells where the browser exposes it.
 */
export type PasskeyCeremony = "get" | "create";

type PolicyDocument = Document & { featurePolicy?: { allowsFeature(name: string): boolean }; permissionsPolicy?: { allowsFeature(name: string): boolean } };

export function passkeysUsable(ceremony: PasskeyCeremony): boolean {
  if (typeof window === "undefined" || typeof window.PublicKeyCredential !== "function" || !window.isSecureContext) return false;
  // an IP address cannot be an RP ID: a portal reached as http://127.0.0.1 has no passkeys
  if (/^[\d.]+$|^\[/.test(window.location.hostname)) return false;
  const policy = (document as PolicyDocument).permissionsPolicy ?? (document as PolicyDocument).featurePolicy;
  const feature = ceremony === "get" ? "publickey-credentials-get" : "publickey-credentials-create";
  try {
    return policy ? policy.allowsFeature(feature) : true;
  } catch {
    return true;
  }
}

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export async function autofillAvailable(): Promise<boolean> {
  if (!passkeysUsable("get")) return false;
  const check = window.PublicKeyCredential.isConditionalMediationAvailable;
  return typeof check === "function" ? check.call(window.PublicKeyCredential).catch(() => false) : false;
}

/** The contract's options are WebAuthn's JSON forms: the library takes them as they are. */
function creationOptions(options: RegistrationOptions["options"]): PublicKeyCredentialCreationOptionsJSON {
  return options;
}
function requestOptions(options: AuthenticationOptions["options"]): PublicKeyCredentialRequestOptionsJSON {
  return options;
}

/** The browser's dialog for a new passkey. */
export async function createPasskey(options: RegistrationOptions["options"]): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON: creationOptions(options) });
}

/** The browser's dialog (or, with `autofill`, the email field's suggestions) for a passkey. */
export async function askForPasskey(options: AuthenticationOptions["options"], autofill = false): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: requestOptions(options), useBrowserAutofill: autofill });
}

/** The person closed the dialog, it timed out, or another ceremony took over: nothing to say. */
export function passkeyCancelled(error: unknown): boolean {
  const name = error instanceof Error ? error.name : "";
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  return name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED";
}

/** The page may not use passkeys after all (a frame without the permission, a refused RP ID). */
export function passkeyForbidden(error: unknown): boolean {
  const name = error instanceof Error ? error.name : "";
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.name : "";
  return name === "SecurityError" || cause === "SecurityError" || name === "NotSupportedError";
}

/**
 * WebAuthn signals: keep what the browser's passkey manager offers in step with the server.
 * Fire and forget, only where the browser has the call (Chromium 132+); the library is loaded
 * only then, and nothing a browser answers (or throws) ever reaches the page.
 */
type Signal = "signalUnknownCredential" | "signalAllAcceptedCredentials" | "signalCurrentUserDetails";

function browserHas(signal: Signal): boolean {
  if (typeof window === "undefined" || typeof window.PublicKeyCredential !== "function") return false;
  const call: unknown = Reflect.get(window.PublicKeyCredential, signal);
  return typeof call === "function";
}

/** Whether this browser hears the account's passkeys and details (so asking the server is worth it). */
export function passkeySignalsHeard(): boolean {
  return browserHas("signalAllAcceptedCredentials") || browserHas("signalCurrentUserDetails");
}

/** A sign-in named a passkey this site does not know: the browser may stop offering it. */
export async function signalUnknownPasskey(rpId: string, credentialId: string): Promise<void> {
  if (!browserHas("signalUnknownCredential")) return;
  const { sendSignal } = await import("@simplewebauthn/browser");
  await sendSignal({ signalName: "unknownCredential", rpID: rpId, credentialID: credentialId }).catch(() => undefined);
}

/** After a sign-in, a removal or a rename: the account's passkeys, its name and display name. */
export async function signalPasskeys(signals: PasskeySignals): Promise<void> {
  const accepted = browserHas("signalAllAcceptedCredentials");
  const details = browserHas("signalCurrentUserDetails");
  if (!accepted && !details) return;
  const { sendSignal } = await import("@simplewebauthn/browser");
  const sent: Promise<unknown>[] = [];
  if (accepted) sent.push(sendSignal({ signalName: "allAcceptedCredentials", rpID: signals.rpId, userID: signals.userId, allAcceptedCredentialIDs: signals.credentialIds }).catch(() => undefined));
  if (details) sent.push(sendSignal({ signalName: "currentUserDetails", rpID: signals.rpId, userID: signals.userId, userName: signals.name, userDisplayName: signals.displayName }).catch(() => undefined));
  await Promise.all(sent);
}
