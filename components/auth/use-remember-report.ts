"use client";

import { useEffect } from "react";

/**
 * Tells the sign-in screen what a form's "remember me" says, now and whenever it changes (a form
 * that appears, e.g. on another tab, reports its own): the passkey sign-in beside the forms signs
 * in with it, as a password sign-in does.
 */
export function useRememberReport(remember: boolean, report: ((remember: boolean) => void) | undefined): void {
  useEffect(() => {
    report?.(remember);
  }, [remember, report]);
}
