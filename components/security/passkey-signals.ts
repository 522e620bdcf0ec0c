"use client";

import { passkeyListAction } from "@/lib/actions/passkeys";
import { passkeySignalsHeard, signalPasskeys } from "@/lib/passkeys/browser";
import type { SignedInPage } from "@/lib/session/signed-in";
import { callAction } from "@/components/auth/use-error-text";

/**
 * After the account's passkeys or name changed here (a passkey added, renamed or removed, the
 * nickname saved): the browser hears the account's passkeys and names as they now are, so it
 * stops offering a removed passkey and shows the new name. Only where the browser has the
 * signals (one list call then); nothing it says reaches the page.
 */
export async function resyncPasskeys(page: SignedInPage): Promise<void> {
  if (!passkeySignalsHeard()) return;
  const list = await callAction(() => passkeyListAction(page));
  if (list.ok && list.signals) await signalPasskeys(list.signals);
}
