import type { Locale } from "@/lib/i18n/routing";
import type { LaunchSystem } from "./system";
import { compareVersions } from "./version";

/**
 * The brands and client apps that launch the portal (SPEC §1, §2), chosen by `p`.
 * Titles are brand names, which stay data here rather than translated messages.
 */
export const BRAND_CODES = [
  "passport",
  "creative_space",
  "projects",
  "ai_art",
  "support",
  "smb",
  "custom_things",
  "design_find",
  "atomm",
  "focusaur",
  "materials_lab",
  "marketing",
] as const;
export type BrandCode = (typeof BRAND_CODES)[number];

export const DEFAULT_BRAND: BrandCode = "passport";

export type Brand = {
  code: BrandCode;
  title: Record<Locale, string>;
  /** independent brands show their own logo and register title instead of the passport's */
  independent: boolean;
  logo: string;
  /** a logo for the `pc` system, when the brand has one */
  pcLogo?: string;
};

const PASSPORT_LOGO = "/brands/passport.svg";

function brand(code: BrandCode, en: string, zh: string, own?: { logo: string; pcLogo?: string }): Brand {
  return { code, title: { en, zh }, independent: own !== undefined, logo: own?.logo ?? PASSPORT_LOGO, ...(own?.pcLogo ? { pcLogo: own.pcLogo } : {}) };
}

export const BRANDS: Readonly<Record<BrandCode, Brand>> = {
  passport: brand("passport", "Passport", "通行证"),
  creative_space: brand("creative_space", "Creative Space", "创作空间"),
  projects: brand("projects", "Projects", "作品库"),
  ai_art: brand("ai_art", "AI Art", "AI 绘画"),
  support: brand("support", "Support", "支持中心"),
  smb: brand("smb", "SMB", "商用站"),
  custom_things: brand("custom_things", "Custom Things", "Custom Things", { logo: "/brands/custom-things.svg" }),
  design_find: brand("design_find", "Design Find", "Design Find", { logo: "/brands/design-find.svg" }),
  atomm: brand("atomm", "Atomm", "Atomm", { logo: "/brands/atomm.svg", pcLogo: "/brands/atomm-pc.svg" }),
  focusaur: brand("focusaur", "Focusaur", "Focusaur"),
  materials_lab: brand("materials_lab", "Materials Lab", "材料实验室"),
  marketing: brand("marketing", "Marketing", "营销中心"),
};

export function isBrandCode(value: unknown): value is BrandCode {
  return typeof value === "string" && Object.hasOwn(BRANDS, value);
}

/**
 * The brand a launch parameter names, in any case and with `-` or `_` between words: SPEC.md
 * writes `creative-space`, the apps send `creative_space`. Null for anything else.
 */
export function brandCodeOf(value: string | null | undefined): BrandCode | null {
  const code = value?.trim().toLowerCase().replaceAll("-", "_");
  return isBrandCode(code) ? code : null;
}

/** The logo to show: the brand's own for independent brands (Atomm has a pc variant), else the passport's. */
export function brandLogo(code: BrandCode, system: LaunchSystem): string {
  const { logo, pcLogo } = BRANDS[code];
  return system === "pc" && pcLogo ? pcLogo : logo;
}

/** The brand's title in a language. */
export function brandTitle(code: BrandCode, lang: Locale): string {
  return BRANDS[code].title[lang];
}

/** The register screen's title: an independent brand's own name, for every other brand the passport's. */
export function registerTitle(code: BrandCode, lang: Locale): string {
  return brandTitle(BRANDS[code].independent ? code : DEFAULT_BRAND, lang);
}

const LOW_VERSION = "1.7";

/**
 * SPEC §5 "low app version": a native Creative Space client, or a native Passport client
 * on mobile or pad, older than 1.7. Without an app version the client is a browser, never low.
 */
export function isLowAppVersion(ctx: { p: BrandCode; s: LaunchSystem; av: string }): boolean {
  if (!ctx.av) return false;
  const affected = ctx.p === "creative_space" || (ctx.p === "passport" && (ctx.s === "mobile" || ctx.s === "pad"));
  return affected && compareVersions(ctx.av, LOW_VERSION) < 0;
}
