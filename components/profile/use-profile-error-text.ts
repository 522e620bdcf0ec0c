"use client";

import { useTranslations } from "next-intl";
import type en from "@/messages/en.json";
import { INTRODUCTION_MAX, NICKNAME_MAX } from "@/lib/contract/profile-rules";
import { useErrorText } from "@/components/auth/use-error-text";

type ProfileValidationKey = keyof (typeof en)["profile"]["validation"];

/** useErrorText, plus the user centre's own validation messages (with their limits). */
export function useProfileErrorText() {
  const t = useTranslations("profile.validation");
  const base = useErrorText();
  return {
    field(key: string | undefined): string | undefined {
      if (key && t.has(key as ProfileValidationKey)) {
        return t(key as ProfileValidationKey, { max: key === "nicknameTooLong" ? NICKNAME_MAX : INTRODUCTION_MAX });
      }
      return base.field(key);
    },
    action: base.action,
  };
}
