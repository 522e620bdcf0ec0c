import { IDP_SIGNED_IN_PATH } from "@/lib/contract/fedcm";

/**
 * The portal's route table (SPEC §2) as the guard sees it. Paths are given without the
 * language segment. Only routes that exist are listed; any other path goes to login.
 */
export type RouteKind = "login" | "protected" | "public";
export type RouteRule = { kind: RouteKind; business: boolean };

const exact: Record<string, RouteRule> = {
  login: { kind: "login", business: false },
  register: { kind: "login", business: false },
  findpwd: { kind: "login", business: false },
  "login-business": { kind: "login", business: true },
  profile: { kind: "protected", business: false },
  "profile/settings": { kind: "protected", business: false },
  "profile/security": { kind: "protected", business: false },
  "profile/security/activity": { kind: "protected", business: false },
  "profile/exchange": { kind: "protected", business: false },
  "profile/training": { kind: "protected", business: false },
  "sn-password": { kind: "public", business: false },
  "profile-business": { kind: "protected", business: true },
  "profile-business/profile-settings": { kind: "protected", business: true },
  "profile-business/security": { kind: "protected", business: true },
  "profile-business/security/activity": { kind: "protected", business: true },
  message: { kind: "protected", business: false },
  // social sign-in: the services' return, the account-connection screen, the sign-up success screen
  authcb: { kind: "public", business: false },
  "social/connect": { kind: "public", business: false },
  "social/welcome": { kind: "protected", business: false },
  // "Continue as …?" for a token another site handed over in the address (lib/session/address-token.ts)
  continue: { kind: "public", business: false },
  // after "This wasn't me": signed out, what was done and what to do next
  "account-secured": { kind: "public", business: false },
  // the end of a sign-in in the window the browser opened for FedCM (docs/fedcm.md): it closes itself
  [IDP_SIGNED_IN_PATH]: { kind: "protected", business: false },
};

/** Rule for a path below the language (`profile/settings`, no slashes at the ends), or null if unknown. */
export function routeRule(rest: string): RouteRule | null {
  return exact[rest] ?? null;
}

export function loginPathFor(business: boolean): string {
  return business ? "login-business" : "login";
}

export const SETTINGS_PATH = "profile/settings";
export const BUSINESS_HOME_PATH = "profile-business";
export const BUSINESS_SETTINGS_PATH = "profile-business/profile-settings";
export const SECURITY_PATH = "profile/security";
export const BUSINESS_SECURITY_PATH = "profile-business/security";
export const SECURITY_ACTIVITY_PATH = "profile/security/activity";
export const BUSINESS_SECURITY_ACTIVITY_PATH = "profile-business/security/activity";
export const EXCHANGE_PATH = "profile/exchange";
export const TRAINING_PATH = "profile/training";
export const SN_PASSWORD_PATH = "sn-password";
export const MESSAGES_PATH = "message";
export const ACCOUNT_SECURED_PATH = "account-secured";
export { IDP_SIGNED_IN_PATH } from "@/lib/contract/fedcm";

/**
 * Public pages that have no language segment (SPEC §2): the middleware lets them through
 * untouched (no redirect, no cookie), and each picks the visitor's language in the browser.
 */
export const LANGUAGE_NEUTRAL_ROUTES = ["announcement", "learnMore"] as const;
export const ANNOUNCEMENT_PATH = "/announcement";
export const LEARN_MORE_PATH = "/learnMore";

/** True for a whole path (`learnMore`, no slashes at the ends) that is one of those pages. */
export function isLanguageNeutralRoute(path: string): boolean {
  return (LANGUAGE_NEUTRAL_ROUTES as readonly string[]).includes(path);
}
