/**
 * Redirect targets (`r`) are followed only for https URLs (http on localhost) whose host and
 * port are on the allowlist, or that are the portal's own origin (ARCHITECTURE security
 * rules; SPEC §5: at least 7 characters, a URL).
 *
 * Allowlist entries are `host`, `host:port` or `*.domain` (any subdomain, not the domain
 * itself). An entry without a port allows only the scheme's default port:
 * `allowed.example` accepts https://allowed.example/ but not https://allowed.example:8443/.
 */
export const MIN_REDIRECT_LENGTH = 7;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

function entryAllows(entry: string, url: URL): boolean {
  const portMatch = /^(.*?)(?::(\d{1,5}))?$/.exec(entry);
  const hostPattern = portMatch?.[1] ?? entry;
  const port = portMatch?.[2] ?? "";
  if (url.port !== port) return false;
  const host = url.hostname.toLowerCase();
  if (hostPattern.startsWith("*.")) return host.endsWith(hostPattern.slice(1)) && host.length > hostPattern.length - 1;
  return host === hostPattern;
}

/** The URL to follow, or null when `r` must be ignored. `portalOrigin` (scheme, host and port) is always allowed. */
export function safeRedirectTarget(r: string | null | undefined, allowlist: readonly string[], portalOrigin?: string): URL | null {
  if (typeof r !== "string" || r.length < MIN_REDIRECT_LENGTH) return null;
  if (!/^https?:\/\//i.test(r)) return null;
  let url: URL;
  try {
    url = new URL(r);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname.toLowerCase()));
  if (!secure) return null;
  const own = portalOrigin !== undefined && url.origin === new URL(portalOrigin).origin;
  return own || allowlist.some((entry) => entryAllows(entry, url)) ? url : null;
}
