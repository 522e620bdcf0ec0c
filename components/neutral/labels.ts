import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";

/** The language switch's label in each language and each language's own name, for NeutralPage. */
export async function neutralLabels(): Promise<{ labels: Record<Locale, string>; names: Record<Locale, string> }> {
  const [en, zh] = await Promise.all([getTranslations({ locale: "en", namespace: "common" }), getTranslations({ locale: "zh", namespace: "common" })]);
  return { labels: { en: en("language"), zh: zh("language") }, names: { en: en("languageNames.en"), zh: zh("languageNames.zh") } };
}
