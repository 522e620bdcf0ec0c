"use client";

import { useTranslations } from "next-intl";
import { isKnownProvider } from "@/lib/contract/social-return";

/** A provider's display name: translated for Google, Facebook and Apple, else its configured name. */
export function useProviderName(): (channel: string | null | undefined) => string {
  const t = useTranslations("social.providers");
  return (channel) => (channel && isKnownProvider(channel) ? t(channel) : (channel ?? t("other")));
}
