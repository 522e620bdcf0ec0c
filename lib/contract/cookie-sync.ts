import { z } from "zod";

/**
 * Third-party-cookie mode (SPEC §4, §7; docs/embedding.md): after a sign-in the portal's session
 * cookie is also set on sibling domains of other sites, by their own passport API:
 *
 * - GET /v1/cookie/set-cookies?utoken&domain: sets `utoken` on `domain` (visited by the browser
 *   as a subresource; needs third-party cookies to be allowed);
 * - GET /v1/cookie/add-cookies?utoken&domain&target: sets it, then redirects the browser to
 *   `target` (a top-level navigation, so it works with third-party cookies blocked). Hops are
 *   chained: the target of one hop is the next hop, the last target is where the user goes.
 *
 * The rules both halves apply live here: what a domain is, which hosts a domain covers, how an
 * allowlist entry matches a URL, and which targets may follow a hop.
 */
export const SET_COOKIES_PATH = "/v1/cookie/set-cookies";
export const ADD_COOKIES_PATH = "/v1/cookie/add-cookies";
/** SPEC §9: cookie lifetime 365 days. */
export const SYNCED_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
export const MAX_TARGET_LENGTH = 4096;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** ".Example.com" → "example.com"; null for anything that is not a host name. */
export function normalizeCookieDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/^\./, "");
  return DOMAIN.test(domain) ? domain : null;
}

/** A cookie for `domain` may be set by, and is sent to, `host` and its subdomains. */
export function domainCovers(domain: string, host: string): boolean {
  const name = host.toLowerCase();
  return name === domain || name.endsWith(`.${domain}`);
}

/**
 * An allowlist entry (`host`, `host:port` or `*.domain`) against a URL: an entry without a port
 * allows only the scheme's default port; `*.domain` allows subdomains, not the domain itself.
 */
export function hostEntryAllows(entry: string, url: URL): boolean {
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase());
  const pattern = match?.[1] ?? "";
  if (!pattern || url.port !== (match?.[2] ?? "")) return false;
  const host = url.hostname.toLowerCase();
  return pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Names of query parameters that carry a session token: a final target never has one. */
export const TOKEN_PARAMS = ["utoken", "ut", "token"] as const;

export function carriesToken(url: URL): boolean {
  return TOKEN_PARAMS.some((name) => url.searchParams.has(name)) || /utoken|[?&#]ut=/i.test(url.hash);
}

/**
 * Where a hop may send the browser: an https URL (http on loopback) without credentials whose host
 * is allowlisted. A URL that carries a token is allowed only as the next hop of the chain (an
 * add-cookies address), so the token never stays in an address after the last hop.
 */
export function hopTarget(raw: string, allowlist: readonly string[]): URL | null {
  if (raw.length > MAX_TARGET_LENGTH || !/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === "http:" && !LOOPBACK.has(url.hostname.toLowerCase())) return null;
  if (!allowlist.some((entry) => hostEntryAllows(entry, url))) return null;
  if (carriesToken(url) && url.pathname !== ADD_COOKIES_PATH) return null;
  return url;
}

const token = z.string().min(16).max(512).regex(/^[A-Za-z0-9._~+/=-]+$/);
const domain = z.string().min(1).max(253);

export const setCookiesQuery = z.object({ utoken: token, domain });
export const addCookiesQuery = z.object({ utoken: token, domain, target: z.string().min(1).max(MAX_TARGET_LENGTH) });
/** set-cookies answers the domain it set the cookie on; another account's cookie there is kept (20403). */
export const setCookiesResponse = z.object({ domain: z.string() });
