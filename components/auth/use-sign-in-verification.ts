"use client";

import { useState } from "react";
import { ErrorCode } from "@/lib/contract/errors";
import type { VerificationValue } from "@/lib/validation/verification";

type Challenge = { email: string; attempt: number; value: VerificationValue | null };

/**
 * Human verification in a sign-in form. The services ask for it after repeated failures
 * (20106); the form then shows the widget, and the next submit carries its value, which the
 * server action exchanges for a ticket. A refused or expired verification (20107) gets a fresh
 * widget. The value is spent by the submit it went with.
 */
export function useSignInVerification() {
  const [challenge, setChallenge] = useState<Challenge | null>(null);

  return {
    challenge,
    /** The value for this submit: undefined when none is asked, "unsolved" while the widget waits. */
    forSubmit(): VerificationValue | undefined | "unsolved" {
      if (!challenge) return undefined;
      return challenge.value ?? "unsolved";
    },
    solved(value: VerificationValue) {
      setChallenge((current) => (current ? { ...current, value } : current));
    },
    /** After a failed submit: shows a fresh widget when the code asks for one. Returns whether to also show the message. */
    failed(code: number, email: string): boolean {
      const ask = code === ErrorCode.verificationRequired || code === ErrorCode.verificationFailed;
      setChallenge((current) => (ask ? { email, attempt: (current?.attempt ?? 0) + 1, value: null } : null));
      return code !== ErrorCode.verificationRequired;
    },
  };
}
