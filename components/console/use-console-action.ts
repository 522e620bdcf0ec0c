"use client";

import { useState } from "react";
import { callAction } from "@/components/auth/use-error-text";
import type { ActionError, ActionResult } from "@/lib/session/action-result";
import { useConsoleText } from "./use-console-text";

/**
 * Runs one console action and keeps what the screen shows about it: pending, the refusal's
 * translated text (on the field it concerns, else for the form) and nothing else. What the
 * operator typed stays in the form on a refusal; an ended session goes to the sign-in page
 * (callAction follows the action's `redirect`).
 */
export function useConsoleAction() {
  const text = useConsoleText();
  // a plain flag, not useTransition: a transition started in a submit handler makes React
  // build the form's FormData for useFormStatus, which these forms do not use
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<ActionError | null>(null);

  function run<T>(action: () => Promise<ActionResult<{ data: T }>>, onDone: (data: T) => void): void {
    if (pending) return;
    setRefusal(null);
    setPending(true);
    void (async () => {
      const result = await callAction(action);
      setPending(false);
      if (result.ok) onDone(result.data);
      else if (!result.error.redirect) setRefusal(result.error);
    })();
  }

  /** The refusal's text for this field, when it names it. */
  function errorFor(field: string): string | undefined {
    const key = refusal?.fields?.[field];
    return key ? text.refusal(key) : undefined;
  }

  /** The refusal's text when none of the fields shown carries it. */
  function formError(shownFields: readonly string[]): string | null {
    if (!refusal) return null;
    return Object.keys(refusal.fields ?? {}).some((field) => shownFields.includes(field)) ? null : text.action(refusal);
  }

  return { pending, run, errorFor, formError, clear: () => setRefusal(null) };
}
