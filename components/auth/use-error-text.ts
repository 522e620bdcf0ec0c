"use client";

import { useTranslations } from "next-intl";
import type en from "@/messages/en.json";
import type { ActionError } from "@/lib/session/action-result";
import { errorMessageKey } from "@/lib/contract/errors";

type ValidationKey = keyof (typeof en)["validation"];

/** Translates validation message keys and upstream error codes for display. */
export function useErrorText() {
  const tv = useTranslations("validation");
  const te = useTranslations("errors");
  return {
    field(key: string | undefined): string | undefined {
      if (!key) return undefined;
      return tv.has(key as ValidationKey) ? tv(key as ValidationKey) : te("10001");
    },
    action(error: ActionError): string {
      // a timeout keeps its code, 1002, and reads 'Request timed out' (SPEC §8)
      if (error.timedOut) return te("10005");
      // input refused field by field (a value that got past the form): say what is wrong with it,
      // e.g. 'Invalid email address' (SPEC §8), rather than that something is
      const fieldKey = Object.values(error.fields ?? {}).find((key) => tv.has(key as ValidationKey));
      if (fieldKey) return tv(fieldKey as ValidationKey);
      return te(errorMessageKey(error.code), { seconds: error.retryAfter ?? 60 });
    },
  };
}

/**
 * Runs a server action, turning a failed round trip (offline, network) into an error code.
 * An expired login (20101) is handled the same way on every screen: the action already cleared
 * the session, and the browser goes to the login page it named, which says so once.
 */
export async function callAction<T>(run: () => Promise<T>): Promise<T | { ok: false; error: ActionError }> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return { ok: false, error: { code: 1000 } };
  let result: T;
  try {
    result = await run();
  } catch {
    return { ok: false, error: { code: 1002 } };
  }
  const redirect = expiredRedirect(result);
  // The router may already be there: an action that clears the session cookie refreshes the page,
  // and the guard sends that refresh to the same login page.
  if (redirect && new URL(redirect, window.location.href).pathname !== window.location.pathname) window.location.assign(redirect);
  return result;
}

function expiredRedirect(result: unknown): string | null {
  if (typeof result !== "object" || result === null || !("error" in result)) return null;
  const { error } = result;
  if (typeof error !== "object" || error === null || !("code" in error) || !("redirect" in error)) return null;
  return error.code === 20101 && typeof error.redirect === "string" && error.redirect.startsWith("/") ? error.redirect : null;
}
