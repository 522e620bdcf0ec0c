import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { locales, type Locale } from "./routing";

type Screen = "login" | "register" | "settings" | "findpwd" | "loginBusiness" | "businessSettings" | "security" | "securityActivity" | "exchange" | "training" | "snPassword";

const HREFLANG: Record<Locale, string> = { en: "en", zh: "zh-CN" };

/**
 * The public origin for links search engines keep. Pages are prerendered, so it cannot come from
 * the request: PUBLIC_ORIGIN, or http://localhost:PORT for local use.
 */
function siteOrigin(): string {
  const config = portalConfig();
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

/** Absolute language alternates (en, zh-CN, x-default → English) and the canonical address of a screen. */
export function screenAlternates(lang: Locale, path: string): NonNullable<Metadata["alternates"]> {
  const origin = siteOrigin();
  const at = (locale: Locale) => new URL(`/${locale}/${path}`, origin).href;
  return {
    canonical: at(lang),
    languages: { ...Object.fromEntries(locales.map((locale) => [HREFLANG[locale], at(locale)])), "x-default": at("en") },
  };
}

/** Title, description and language alternates of a screen (public screens are for search engines). */
export async function screenMetadata(lang: Locale, screen: Screen, path: string, index = true): Promise<Metadata> {
  const t = await getTranslations({ locale: lang, namespace: `meta.${screen}` });
  return {
    title: t("title"),
    description: t("description"),
    alternates: screenAlternates(lang, path),
    robots: index ? { index: true, follow: true } : { index: false, follow: false },
  };
}
