/**
 * Redirect targets (`r`) are followed only for https URLs (http on localhost) whose host is
 * on the allowlist (ARCHITECTURE security rules; SPEC §5: at least 7 characters, a URL).
 */
export const MIN_REDIRECT_LENGTH = 7;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

function hostAllowed(hostname: string, allowlist: readonly string[]): boolean {
  return allowlist.some((entry) =>
    entry.startsWith("*.") ? hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1 : hostname === entry,
  );
}

/** The URL to follow, or null when `r` must be ignored. `portalHost` is always allowed. */
export function safeRedirectTarget(r: string | null | undefined, allowlist: readonly string[], portalHost?: string): URL | null {
  if (typeof r !== "string" || r.length < MIN_REDIRECT_LENGTH) return null;
  if (!/^https?:\/\//i.test(r)) return null;
  let url: URL;
  try {
    url = new URL(r);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (url.username || url.password) return null;
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(host));
  if (!secure) return null;
  const allowed = hostAllowed(host, allowlist) || (portalHost !== undefined && url.host.toLowerCase() === portalHost.toLowerCase());
  return allowed ? url : null;
}
