"use client";

import { useSearchParams } from "next/navigation";
import { DEFAULT_BRAND, isBrandCode } from "@/lib/launch/brands";
import type { Locale } from "@/lib/i18n/routing";
import { BrandLogo } from "@/components/layout/brand-logo";

/**
 * The signed-in pages' logo, chosen by the launch query as on the sign-in pages
 * (lib/launch/variant.ts): `p` names the brand (either spelling, creative-space or
 * creative_space), and Atomm's pc logo is for `s=pc`. Read in the browser, since the
 * user-centre layout is a static shell.
 */
export function LaunchBrandLogo({ lang }: { lang: Locale }) {
  const params = useSearchParams();
  const code = params.get("p")?.trim().toLowerCase().replace(/-/g, "_");
  const brand = isBrandCode(code) ? code : DEFAULT_BRAND;
  const system = brand === "atomm" && params.get("s")?.trim().toLowerCase() === "pc" ? "pc" : "mobile";
  return <BrandLogo brand={brand} system={system} lang={lang} />;
}
