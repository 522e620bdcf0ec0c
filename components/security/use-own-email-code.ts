"use client";

import { useState } from "react";
import type { ActionError, ActionResult } from "@/lib/session/action-result";
import type { VerificationValue } from "@/lib/validation/verification";
import { useCountdown } from "@/components/auth/use-countdown";
import { callAction } from "@/components/auth/use-error-text";

/** Where such a dialog is: proving a person asks (then the code is mailed), or entering the code. */
export type OwnCodeStep = { name: "verify"; attempt: number } | { name: "code"; nonce: string };

/**
 * The first half of the security dialogs that mail a code to the account's own address (delete
 * the account, set a first password): human verification, then the code is sent and the
 * resend countdown runs. A failed send spends the verification, so a fresh widget comes up.
 */
export function useOwnEmailCode(
  countdownKey: string,
  send: (verification: VerificationValue) => Promise<ActionResult<{ nonce: string; resendAfter: number }>>,
  /** null when a send starts (the last error goes), then the error of a failed send */
  report: (error: ActionError | null) => void,
) {
  const [step, setStep] = useState<OwnCodeStep>({ name: "verify", attempt: 0 });
  const [sending, setSending] = useState(false);
  const { secondsLeft, start } = useCountdown(countdownKey);

  async function sendCode(verification: VerificationValue) {
    setSending(true);
    report(null);
    const result = await callAction(() => send(verification));
    setSending(false);
    if (!result.ok) {
      if (result.error.retryAfter) start(result.error.retryAfter);
      report(result.error);
      setStep((current) => ({ name: "verify", attempt: (current.name === "verify" ? current.attempt : 0) + 1 }));
      return;
    }
    start(result.resendAfter);
    setStep({ name: "code", nonce: result.nonce });
  }

  return {
    step,
    sending,
    secondsLeft,
    sendCode,
    /** "Resend": a new verification first. */
    resend: () => setStep({ name: "verify", attempt: Date.now() }),
    /** The dialog closed: a widget that was showing is replaced by a fresh one next time. */
    closed: () => setStep((current) => (current.name === "verify" ? { name: "verify", attempt: current.attempt + 1 } : current)),
  };
}
