"use client";

import { useTranslations } from "next-intl";
import { useErrorText } from "@/components/auth/use-error-text";
import type { ActionError } from "@/lib/session/action-result";
import type en from "@/messages/en.json";

type FieldKey = keyof (typeof en)["console"]["fields"];

/**
 * Field and action messages of the console's forms: the console's own field keys
 * (console.fields.*) first, then the portal's shared validation messages and error codes.
 */
export function useConsoleText() {
  const t = useTranslations("console.fields");
  const shared = useErrorText();
  return {
    field(key: string | undefined): string | undefined {
      if (!key) return undefined;
      return t.has(key as FieldKey) ? t(key as FieldKey) : shared.field(key);
    },
    action(error: ActionError): string {
      const key = Object.values(error.fields ?? {})[0];
      if (key && t.has(key as FieldKey)) return t(key as FieldKey);
      return shared.action(error);
    },
  };
}
