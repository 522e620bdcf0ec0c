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
      return te(errorMessageKey(error.code), { seconds: error.retryAfter ?? 60 });
    },
  };
}

/** Runs a server action, turning a failed round trip (offline, network) into an error code. */
export async function callAction<T>(run: () => Promise<T>): Promise<T | { ok: false; error: ActionError }> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return { ok: false, error: { code: 1000 } };
  try {
    return await run();
  } catch {
    return { ok: false, error: { code: 1002 } };
  }
}
