import { portalConfig } from "@/lib/config";

/** The deployment's cookie settings (lib/config.ts). */
/* Kept apart from cookie.ts, which client components import for cookie names. */
export function cookieEnv(): { COOKIE_DOMAIN?: string; COOKIE_HTTP_ONLY?: string } {
  const config = portalConfig();
  return { COOKIE_DOMAIN: config.cookieDomain ?? undefined, COOKIE_HTTP_ONLY: String(config.cookieHttpOnly) };
}
