import { clsx } from "clsx";
import { BRANDS, brandLogo, brandTitle, DEFAULT_BRAND, type BrandCode } from "@/lib/launch/brands";
import type { LaunchSystem } from "@/lib/launch/context";
import type { Locale } from "@/lib/i18n/routing";

/** `height`: a Tailwind height class (h-8 by default), which the mark and an own logo both follow. */
type Props = { brand: BrandCode; system: LaunchSystem; lang: Locale; height?: string; priority?: boolean };

/**
 * The logo at the top of a page (SPEC §2): an independent brand's own (Atomm's pc variant on pc),
 * for every other brand the passport's mark with its name in the page's language, so the header
 * says "通行证" in Chinese as the copyright line does.
 */
export function BrandLogo({ brand, system, lang, height = "h-8", priority = false }: Props) {
  if (BRANDS[brand].independent) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- small static SVG logo
      <img src={brandLogo(brand, system)} alt={brandTitle(brand, lang)} className={clsx(height, "w-auto")} fetchPriority={priority ? "high" : undefined} />
    );
  }
  return (
    <span className={clsx(height, "inline-flex shrink-0 items-center gap-2")}>
      <svg viewBox="0 0 32 32" aria-hidden className="h-full w-auto">
        <rect width="32" height="32" rx="8" fill="#28BE44" />
        <path d="M11 25V7h7.5a6 6 0 0 1 0 12H11" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="23" cy="25" r="2.5" fill="#fff" />
      </svg>
      <span className="whitespace-nowrap text-lg font-semibold text-gray-900">{brandTitle(DEFAULT_BRAND, lang)}</span>
    </span>
  );
}
