"use client";

import { useState } from "react";
import { ErrorCode } from "@/lib/contract/errors";
import type { ActionResult, PageRef, SignInResult } from "@/lib/session/action-result";
import type { VerificationScene } from "@/lib/contract/verification";
import type { VerificationValue } from "@/lib/validation/verification";
import { HumanVerification } from "@/components/verification/lazy";
import { announce } from "@/lib/analytics/announce";
import { completeSignIn } from "@/lib/bridge/sign-in";
import { callAction, useErrorText } from "./use-error-text";
import { useSignInVerification } from "./use-sign-in-verification";
import { signInHoldOf, type SignInHold } from "./device-hold";

/** How a sign-in was made, as analytics hears it. */
export type SignInMethod = "password" | "enterprise" | "code" | "device" | "passkey" | "twoStep";

/** How long a password sign-in waits for the automatic passkey upgrade before it goes on. */
export const PASSKEY_UPGRADE_WAIT_MS = 5_000;

/**
 * The automatic passkey upgrade after a password sign-in (lib/passkeys/auto-upgrade.ts): loaded
 * only where the browser can tell its capabilities, and never holding the redirect longer than
 * PASSKEY_UPGRADE_WAIT_MS. It never throws.
 */
async function tryPasskeyUpgrade(page: PageRef, business: boolean): Promise<void> {
  if (typeof window.PublicKeyCredential !== "function" || typeof Reflect.get(window.PublicKeyCredential, "getClientCapabilities") !== "function") return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const upgrade = import("@/lib/passkeys/auto-upgrade").then((module) => module.upgradeToPasskey({ ...page, business })).catch(() => undefined);
  await Promise.race([upgrade, new Promise<void>((resolve) => (timer = setTimeout(resolve, PASSKEY_UPGRADE_WAIT_MS)))]);
  clearTimeout(timer);
}

/** A sign-in went through: analytics hears of it, then the browser goes where the action said. */
export async function goSignedIn(result: SignInResult, method: SignInMethod): Promise<void> {
  announce({ event: "login", method });
  await completeSignIn(result);
}

/**
 * The submit flow of the two password sign-ins (consumer and business): human verification
 * when the services ask for it (20106; a refused one, 20107, gets a fresh widget), the
 * new-device step after a 20109 or the two-step one after a 20901, and after a success the
 * automatic passkey upgrade, then the browser on its way. The form owns its
 * fields; this owns what happens once they are valid.
 */
export function usePasswordSignIn(method: "password" | "enterprise", page: PageRef) {
  const text = useErrorText();
  const human = useSignInVerification();
  const [formError, setFormError] = useState<string | null>(null);
  const [hold, setHold] = useState<SignInHold | null>(null);

  async function submit(values: { email: string; remember: boolean }, send: (verification: VerificationValue | undefined) => Promise<ActionResult<SignInResult>>): Promise<void> {
    setFormError(null);
    const value = human.forSubmit();
    if (value === "unsolved") {
      setFormError(text.action({ code: ErrorCode.verificationRequired }));
      return;
    }
    const result = await callAction(() => send(value));
    if (result.ok) {
      await tryPasskeyUpgrade(page, method === "enterprise");
      return goSignedIn(result, method);
    }
    const held = signInHoldOf(result.error, values.remember);
    if (held) {
      human.failed(result.error.code, values.email);
      setHold(held);
      return;
    }
    if (human.failed(result.error.code, values.email)) setFormError(text.action(result.error));
  }

  return { human, formError, hold, back: () => setHold(null), submit };
}

type Props = { human: ReturnType<typeof useSignInVerification>; scene: VerificationScene; page: PageRef };

/** The verification widget of a password sign-in, once the services asked for one. */
export function SignInVerification({ human, scene, page }: Props) {
  if (!human.challenge) return null;
  return <HumanVerification key={human.challenge.attempt} scene={scene} email={human.challenge.email} lang={page.lang} query={page.query} onVerified={human.solved} />;
}
