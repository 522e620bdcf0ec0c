import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { locales, type Locale } from "./routing";

type Screen = "login" | "register" | "settings" | "findpwd" | "loginBusiness" | "businessSettings" | "security" | "exchange" | "training" | "snPassword";

/** Title, description and language alternates of a screen (public screens are for search engines). */
export async function screenMetadata(lang: Locale, screen: Screen, path: string, index = true): Promise<Metadata> {
  const t = await getTranslations({ locale: lang, namespace: `meta.${screen}` });
  return {
    title: t("title"),
    description: t("description"),
    alternates: { languages: Object.fromEntries(locales.map((l) => [l === "zh" ? "zh-CN" : "en", `/${l}/${path}`])) },
    robots: index ? { index: true, follow: true } : { index: false, follow: false },
  };
}
