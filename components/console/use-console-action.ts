"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { ConsoleErrorKey, ConsoleResult } from "@/lib/contract/console/screens";

/**
 * Runs one console action and keeps what the screen shows about it: pending, the refusal's
 * translated text (on the field it concerns, else for the form) and nothing else. What the
 * operator typed stays in the form on a refusal.
 */
export function useConsoleAction() {
  const t = useTranslations("console.errors");
  // a plain flag, not useTransition: a transition started in a submit handler makes React
  // build the form's FormData for useFormStatus, which these forms do not use
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<{ key: ConsoleErrorKey; field?: string } | null>(null);

  function run<T>(action: () => Promise<ConsoleResult<T>>, onDone: (data: T) => void): void {
    if (pending) return;
    setRefusal(null);
    setPending(true);
    void (async () => {
      let result: ConsoleResult<T>;
      try {
        result = await action();
      } catch {
        result = { ok: false, error: "failed" };
      }
      setPending(false);
      // the operator's session ended: the sign-in page
      if (!result.ok && result.redirect) window.location.assign(result.redirect);
      else if (result.ok) onDone(result.data);
      else setRefusal(result.field ? { key: result.error, field: result.field } : { key: result.error });
    })();
  }

  /** The refusal's text for this field; `undefined` field: a refusal that names no field we show. */
  function errorFor(field: string): string | undefined {
    return refusal?.field === field ? t(refusal.key) : undefined;
  }

  function formError(shownFields: readonly string[]): string | null {
    if (!refusal) return null;
    return refusal.field && shownFields.includes(refusal.field) ? null : t(refusal.key);
  }

  return { pending, run, errorFor, formError, clear: () => setRefusal(null) };
}
