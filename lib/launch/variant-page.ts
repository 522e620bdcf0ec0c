import "server-only";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { parseVariantKey, type PageVariant } from "./variant";

/**
 * The language and page variant of a static sign-in page (`/{lang}/login/{variant}`, the proxy's
 * rewrite): an unknown variant key is a 404, and the language is set for the render.
 */
export async function variantPage(params: Promise<{ lang: string; variant: string }>): Promise<{ lang: Locale; variant: PageVariant }> {
  const { lang: raw, variant: key } = await params;
  const lang = localeOf(raw);
  const variant = parseVariantKey(key);
  if (!variant) notFound();
  setRequestLocale(lang);
  return { lang, variant };
}
