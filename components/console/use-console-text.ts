"use client";

import { useTranslations } from "next-intl";
import { useErrorText } from "@/components/auth/use-error-text";
import { ErrorCode } from "@/lib/contract/errors";
import type { ActionError } from "@/lib/session/action-result";
import type en from "@/messages/en.json";

type FieldKey = keyof (typeof en)["console"]["fields"];
type RefusalKey = keyof (typeof en)["console"]["errors"];

/** Codes the console words its own way (console.errors); every other code reads as the portal's `errors.<code>`. */
const CONSOLE_CODE_KEYS: Partial<Record<number, RefusalKey>> = { [ErrorCode.insufficientAuthority]: "forbidden", [ErrorCode.systemError]: "failed" };

/**
 * Field and action messages of the console's forms: the services' refusal keys
 * (console.errors.*) and the console's own field keys (console.fields.*) first, then the
 * portal's shared validation messages and error codes.
 */
export function useConsoleText() {
  const t = useTranslations("console.fields");
  const te = useTranslations("console.errors");
  const shared = useErrorText();
  const refusal = (key: string): string | undefined => (te.has(key as RefusalKey) ? te(key as RefusalKey) : undefined);
  const field = (key: string | undefined): string | undefined => {
    if (!key) return undefined;
    return t.has(key as FieldKey) ? t(key as FieldKey) : shared.field(key);
  };
  return {
    field,
    /** A refusal key of the services (console.errors), else a field or validation key. */
    refusal(key: string): string {
      return refusal(key) ?? field(key) ?? key;
    },
    action(error: ActionError): string {
      const key = Object.values(error.fields ?? {})[0];
      if (key) {
        const said = refusal(key) ?? (t.has(key as FieldKey) ? t(key as FieldKey) : undefined);
        if (said) return said;
      }
      const own = error.timedOut ? undefined : CONSOLE_CODE_KEYS[error.code];
      return own ? te(own) : shared.action(error);
    },
  };
}
