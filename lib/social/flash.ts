/**
 * The outcome of a social round trip, told once to the page it lands on (login or account
 * security) in a short-lived cookie the page's script reads and removes: no code or provider
 * in the address. Client-safe (no zod, no server APIs).
 */
export const SOCIAL_FLASH_COOKIE = "passport_social";
export const SOCIAL_FLASH_MAX_AGE = 60;

export type SocialFlash = { kind: "error"; code: number } | { kind: "bound"; channel: string };

export function encodeFlash(flash: SocialFlash): string {
  return flash.kind === "error" ? `error.${flash.code}` : `bound.${flash.channel}`;
}

export function decodeFlash(value: string | undefined): SocialFlash | null {
  const match = /^(error|bound)\.([a-z0-9_-]{1,32})$/.exec(value ?? "");
  if (!match) return null;
  const [, kind, detail = ""] = match;
  if (kind === "bound") return { kind: "bound", channel: detail };
  return /^\d{1,6}$/.test(detail) ? { kind: "error", code: Number(detail) } : null;
}

/** Reads and removes the flash (browser only). */
export function takeSocialFlash(): SocialFlash | null {
  const entry = document.cookie.split("; ").find((c) => c.startsWith(`${SOCIAL_FLASH_COOKIE}=`));
  if (!entry) return null;
  document.cookie = `${SOCIAL_FLASH_COOKIE}=; path=/; max-age=0; samesite=lax`;
  return decodeFlash(decodeURIComponent(entry.slice(SOCIAL_FLASH_COOKIE.length + 1)));
}
