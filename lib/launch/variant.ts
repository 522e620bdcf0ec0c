import { BRAND_CODES, DEFAULT_BRAND, isBrandCode, isLowAppVersion, type BrandCode } from "./brands";
import type { LaunchContext, LaunchSystem } from "./context";

/**
 * What of the launch context shapes a public page's HTML, as one short key (the page variant).
 * The public pages are rendered once per language and variant and then served from the cache
 * to everyone; the middleware rewrites `/en/login?p=atomm&s=pc` to `/en/login/atomm.pc.110`.
 * Everything else of the launch context (o, img, l, r, the exact av) is read by the page's
 * client from the address, so the number of variants stays small and bounded
 * (12 brands × logo × 3 flags), whatever the query.
 */
export type PageVariant = {
  p: BrandCode;
  /** the system whose logo the brand shows (only atomm has a pc logo of its own) */
  logoSystem: LaunchSystem;
  /** lr: the login/register switch */
  loginRegisterSwitch: boolean;
  /** sl and the low-version rule: social sign-in offered */
  social: boolean;
  /** launched by a native app (av given): no copyright line */
  nativeApp: boolean;
};

export const DEFAULT_VARIANT: PageVariant = { p: DEFAULT_BRAND, logoSystem: "mobile", loginRegisterSwitch: true, social: true, nativeApp: false };

const flag = (value: boolean) => (value ? "1" : "0");

export function variantOf(launch: LaunchContext): PageVariant {
  return {
    p: launch.p,
    logoSystem: launch.p === "atomm" && launch.s === "pc" ? "pc" : "mobile",
    loginRegisterSwitch: launch.showLoginRegisterSwitch,
    social: launch.showSocialLogin && !isLowAppVersion(launch),
    nativeApp: launch.av !== "",
  };
}

export function variantKey(variant: PageVariant): string {
  return `${variant.p}.${variant.logoSystem === "pc" ? "pc" : "m"}.${flag(variant.loginRegisterSwitch)}${flag(variant.social)}${flag(variant.nativeApp)}`;
}

const KEY = /^([a-z_]+)\.(pc|m)\.([01])([01])([01])$/;

/** The variant a key names, or null for anything that is not one (the page then 404s). */
export function parseVariantKey(key: string): PageVariant | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, p, logo, lr, social, native] = match;
  if (!isBrandCode(p)) return null;
  return { p, logoSystem: logo === "pc" ? "pc" : "mobile", loginRegisterSwitch: lr === "1", social: social === "1", nativeApp: native === "1" };
}

/** Every variant, for tests and for prerendering. */
export function allVariantKeys(): string[] {
  const keys: string[] = [];
  for (const p of BRAND_CODES) {
    for (const logo of p === "atomm" ? (["pc", "mobile"] as const) : (["mobile"] as const)) {
      for (const bits of [0, 1, 2, 3, 4, 5, 6, 7]) {
        keys.push(variantKey({ p, logoSystem: logo, loginRegisterSwitch: (bits & 4) > 0, social: (bits & 2) > 0, nativeApp: (bits & 1) > 0 }));
      }
    }
  }
  return keys;
}
