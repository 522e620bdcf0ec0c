"use server";

import { ErrorCode } from "@/lib/contract/errors";
import { registrationResponseJson, type AutoRegistrationOptions, type PasskeyUpgradeSetting } from "@/lib/contract/passkeys";
import { autoRegisterPasskey, autoRegistrationOptions, setPasskeyUpgrade } from "@/lib/upstream/passkey-upgrade";
import type { ActionResult } from "@/lib/session/action-result";
import { signedIn, type SignedInPage } from "@/lib/session/signed-in";

/**
 * The automatic passkey upgrade after a password sign-in (lib/passkeys/auto-upgrade.ts) and its
 * setting on the security page. The browser's answer is parsed again here; the services verify it.
 */
const attemptPattern = /^[A-Za-z0-9_-]{32,128}$/;

export async function autoRegistrationOptionsAction(page: SignedInPage): Promise<ActionResult<{ upgrade: AutoRegistrationOptions }>> {
  return signedIn(page, async (ctx) => ({ upgrade: await autoRegistrationOptions(ctx) }));
}

export async function autoRegisterPasskeyAction(input: { attempt: string; response: unknown }, page: SignedInPage): Promise<ActionResult> {
  const response = registrationResponseJson.safeParse(input.response);
  if (!response.success || typeof input.attempt !== "string" || !attemptPattern.test(input.attempt)) return { ok: false, error: { code: ErrorCode.passkeyMalformed } };
  return signedIn(page, async (ctx) => {
    await autoRegisterPasskey(ctx, { attempt: input.attempt, response: response.data });
    return {};
  });
}

export async function setPasskeyUpgradeAction(input: { enabled: boolean }, page: SignedInPage): Promise<ActionResult<{ setting: PasskeyUpgradeSetting }>> {
  if (typeof input.enabled !== "boolean") return { ok: false, error: { code: ErrorCode.invalidParams } };
  return signedIn(page, async (ctx) => ({ setting: await setPasskeyUpgrade(ctx, { enabled: input.enabled }) }));
}
