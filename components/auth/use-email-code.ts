"use client";

import { useCallback, useEffect, useState } from "react";
import { sendEmailCodeAction } from "@/lib/actions/auth/email-code";
import type { ActionError, PageRef } from "@/lib/session/action-result";
import { ErrorCode } from "@/lib/contract/errors";
import type { CodeRequestPurpose, VerificationValue } from "@/lib/validation/verification";
import { useCountdown } from "./use-countdown";
import { callAction } from "./use-error-text";
import { announce } from "@/lib/analytics/announce";
import { readPageValue, writePageValue } from "@/lib/bridge/page-storage";

type Sent = { email: string; nonce: string };

function storageKey(purpose: CodeRequestPurpose): string {
  return `passport:${purpose}-code`;
}

function readSent(purpose: CodeRequestPurpose): Sent | null {
  try {
    const value: unknown = JSON.parse(readPageValue(`${storageKey(purpose)}:sent`) ?? "null");
    if (typeof value === "object" && value !== null && "email" in value && "nonce" in value) {
      const { email, nonce } = value;
      if (typeof email === "string" && typeof nonce === "string") return { email, nonce };
    }
  } catch {
    // an unreadable entry counts as none
  }
  return null;
}

/**
 * An emailed-code request for one purpose: human verification first, then the code; the 60 s
 * resend countdown and the code's nonce survive a reload (sessionStorage, per purpose).
 */
export function useEmailCode(purpose: CodeRequestPurpose, page: PageRef) {
  const { secondsLeft, start } = useCountdown(storageKey(purpose));
  /** the email being verified (its widget stays, verified, after the code was sent), or null */
  const [verifying, setVerifying] = useState<string | null>(null);
  /** a fresh widget for every attempt */
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setSent(readSent(purpose)), 0);
    return () => window.clearTimeout(timer);
  }, [purpose]);

  const begin = useCallback((email: string) => {
    setAttempt((n) => n + 1);
    setVerifying(email);
  }, []);

  /** Sends the code with the verification's value; the result says what to tell the user. */
  const complete = useCallback(
    async (verification: VerificationValue): Promise<{ ok: true; email: string } | { ok: false; error: ActionError }> => {
      const email = verifying;
      if (!email) return { ok: false, error: { code: ErrorCode.verificationFailed } };
      setSending(true);
      const result = await callAction(() => sendEmailCodeAction({ email, purpose, verification }, page));
      setSending(false);
      if (!result.ok) {
        // The verification was spent: the next try starts with a fresh one.
        setVerifying(null);
        if (result.error.retryAfter) start(result.error.retryAfter);
        return result;
      }
      announce({ event: "getCode", purpose });
      const entry = { email, nonce: result.nonce };
      writePageValue(`${storageKey(purpose)}:sent`, JSON.stringify(entry));
      setSent(entry);
      start(result.resendAfter);
      return { ok: true, email };
    },
    [verifying, purpose, page, start],
  );

  /** The nonce of the last code sent to this email, if any. */
  const nonceFor = useCallback(
    (email: string) => (sent && sent.email.toLowerCase() === email.trim().toLowerCase() ? sent.nonce : null),
    [sent],
  );

  return { verifying, attempt, sending, secondsLeft, begin, complete, nonceFor };
}
