import { autoRegisterPasskeyAction, autoRegistrationOptionsAction } from "@/lib/actions/passkey-upgrade";
import type { SignedInPage } from "@/lib/session/signed-in";
import { passkeysUsable } from "./browser";

/**
 * The automatic passkey upgrade (docs/security.md, "Passkeys"), loaded by a dynamic import only
 * after a password sign-in went through, so the login page's first JavaScript carries none of it.
 *
 * Only in a browser that reports conditional create (PublicKeyCredential.getClientCapabilities),
 * only when the account has the upgrade on (the services answer `enabled: false` otherwise), and
 * without a prompt: the password manager makes the passkey by itself, or refuses. Whether the
 * password was filled in by the password manager is the browser's own condition (Chrome and
 * Safari make a passkey only for a saved password used just now); the page does not try to tell.
 * Every failure is swallowed: the sign-in has already succeeded and nothing is shown.
 */
export async function conditionalCreateAvailable(): Promise<boolean> {
  if (!passkeysUsable("create")) return false;
  const read: unknown = Reflect.get(window.PublicKeyCredential, "getClientCapabilities");
  if (typeof read !== "function") return false;
  try {
    const capabilities: unknown = await read.call(window.PublicKeyCredential);
    return typeof capabilities === "object" && capabilities !== null && Reflect.get(capabilities, "conditionalCreate") === true;
  } catch {
    return false;
  }
}

export async function upgradeToPasskey(page: SignedInPage): Promise<void> {
  try {
    if (!(await conditionalCreateAvailable())) return;
    const asked = await autoRegistrationOptionsAction(page);
    if (!asked.ok || !asked.upgrade.enabled) return;
    const { startRegistration } = await import("@simplewebauthn/browser");
    const response = await startRegistration({ optionsJSON: asked.upgrade.options, useAutoRegister: true });
    await autoRegisterPasskeyAction({ attempt: asked.upgrade.attempt, response }, page);
  } catch {
    // no passkey this time (no saved password, refused, a network error): the sign-in stands
  }
}
