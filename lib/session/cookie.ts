/** The utoken cookie (SPEC §3, §9; ARCHITECTURE "Secure cookies"). Edge-safe. */
export const UTOKEN_COOKIE = "utoken";
/** Set for one page view after the guard met code 20101, so the login page can say so. */
export const EXPIRED_FLASH_COOKIE = "passport_expired";
export const REMEMBER_MAX_AGE = 60 * 60 * 24 * 365;

export type CookieOptions = {
  httpOnly: boolean;
  secure: boolean;
  sameSite: "none" | "lax";
  path: "/";
  domain?: string;
  maxAge?: number;
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Secure + SameSite=None everywhere (browsers accept Secure on http://localhost), except plain
 * http on another host (a LAN test), where a Secure cookie would be dropped: there Lax without Secure.
 */
export function utokenCookieOptions(params: {
  protocol: string;
  hostname: string;
  remember: boolean;
  env?: { COOKIE_DOMAIN?: string; COOKIE_HTTP_ONLY?: string };
}): CookieOptions {
  const env = params.env ?? {};
  const plainLan = params.protocol === "http:" && !LOOPBACK.has(params.hostname);
  const domain = env.COOKIE_DOMAIN?.trim();
  return {
    httpOnly: env.COOKIE_HTTP_ONLY !== "false",
    secure: !plainLan,
    sameSite: plainLan ? "lax" : "none",
    path: "/",
    ...(domain && params.hostname !== "localhost" && params.hostname.endsWith(domain.replace(/^\./, "")) ? { domain } : {}),
    ...(params.remember ? { maxAge: REMEMBER_MAX_AGE } : {}),
  };
}

/** The deployment's cookie settings (read at call time so Edge middleware sees runtime values). */
export function cookieEnv(): { COOKIE_DOMAIN?: string; COOKIE_HTTP_ONLY?: string } {
  return { COOKIE_DOMAIN: process.env.COOKIE_DOMAIN, COOKIE_HTTP_ONLY: process.env.COOKIE_HTTP_ONLY };
}

/** SPEC §4: a numeric-only ut counts as empty. */
export function isUsableToken(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "" && !/^\d+$/.test(value.trim());
}
