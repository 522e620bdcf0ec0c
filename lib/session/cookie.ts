/** The utoken cookie (SPEC §3, §9; ARCHITECTURE "Secure cookies"). Edge-safe. */
export const UTOKEN_COOKIE = "utoken";
/** Set for one page view after the guard met code 20101, so the login page can say so. */
export const EXPIRED_FLASH_COOKIE = "passport_expired";
/** Set for one page view after the account was deleted, so the login page can say so. */
export const DELETED_FLASH_COOKIE = "passport_deleted";
export const REMEMBER_MAX_AGE = 60 * 60 * 24 * 365;

export type CookieOptions = {
  httpOnly: boolean;
  secure: boolean;
  sameSite: "none" | "lax";
  path: "/";
  domain?: string;
  maxAge?: number;
  /** CHIPS: kept in the partition of the top-level site (a frame on a host's page) */
  partitioned?: boolean;
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
  /** a framed session (lib/session/embed.ts); only Secure cookies can be partitioned */
  partitioned?: boolean;
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
    ...(params.partitioned && !plainLan ? { partitioned: true } : {}),
  };
}

/** SPEC §4: a numeric-only ut counts as empty. */
export function isUsableToken(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "" && !/^\d+$/.test(value.trim());
}

/**
 * The browser's stable random id for device security (forwarded upstream as x-device-id).
 * Only the services' sha256 of it is stored, so it is not a credential by itself; it is still
 * HttpOnly so scripts on the page cannot copy it to another browser.
 */
export const DEVICE_COOKIE = "passport_device";
export const DEVICE_MAX_AGE = 60 * 60 * 24 * 365;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function isDeviceId(value: string | null | undefined): value is string {
  return typeof value === "string" && DEVICE_ID.test(value);
}

/** `bytes` random bytes from the CSPRNG, base64url; Edge-safe (Web Crypto). */
export function randomUrlToken(bytes = 32): string {
  let binary = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(bytes))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A new device id: 32 random bytes (43 characters). */
export function newDeviceId(): string {
  return randomUrlToken(32);
}

/**
 * HttpOnly, a year, host-only; Secure and SameSite under the same rule as utoken (Secure +
 * SameSite=None, or Lax without Secure on plain http to a LAN host). Not Lax everywhere: inside
 * a host app's cross-site frame a Lax cookie is neither stored nor sent, so every request would
 * be a new device and a device-code sign-in there could never match its challenge.
 */
export function deviceCookieOptions(params: { protocol: string; hostname: string; partitioned?: boolean }): CookieOptions {
  const { secure, sameSite, partitioned } = utokenCookieOptions({ ...params, remember: true });
  return { httpOnly: true, secure, sameSite, path: "/", maxAge: DEVICE_MAX_AGE, ...(partitioned ? { partitioned } : {}) };
}
