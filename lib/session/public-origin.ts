import { HEADER } from "@/lib/contract/headers";
import { portalConfig, type PortalConfig } from "@/lib/config";

/**
 * The portal's own origin, for absolute URLs (redirects, `r`, canonical links), the "own host"
 * of the redirect rule and cookie attributes. Edge-safe.
 *
 * It comes from configuration, never from what a client says:
 * - PUBLIC_ORIGIN when it is set;
 * - behind TRUST_PROXY, what the proxy says in X-Forwarded-Host and -Proto (the app's server
 *   removes those headers from direct clients, see lib/security/incoming.ts);
 * - otherwise local use: the Host header only when it names this machine's loopback
 *   (localhost, 127.0.0.1, [::1]), else http://localhost:PORT. A spoofed Host such as
 *   evil.example is never echoed into an address or a cookie.
 */
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;
const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

function lastValue(header: string | null): string | undefined {
  return header?.split(",").at(-1)?.trim() || undefined;
}

/** What is read of a request's headers (a Fetch `Headers`, or a Node request's through an adapter). */
export type HeaderReader = Pick<Headers, "get">;

export function publicOrigin(headers: HeaderReader, config: PortalConfig = portalConfig()): URL {
  if (config.publicOrigin) return new URL(config.publicOrigin);
  if (config.trustProxyHops > 0) {
    const host = lastValue(headers.get("x-forwarded-host")) ?? headers.get("host") ?? undefined;
    const proto = lastValue(headers.get("x-forwarded-proto")) === "https" ? "https" : "http";
    if (host && HOST.test(host)) return new URL(`${proto}://${host}`);
  }
  const host = headers.get("host")?.trim();
  if (host && LOOPBACK_HOST.test(host)) return new URL(`http://${host}`);
  return new URL(`http://localhost:${config.port}`);
}

/** An address of the portal: `path` (with its query) on the public origin. */
export function portalUrl(path: string, headers: Headers, config?: PortalConfig): URL {
  return new URL(path, publicOrigin(headers, config));
}

/**
 * The browser's address, for the services' login logs and per-IP rules: the n-th
 * X-Forwarded-For entry from the right behind TRUST_PROXY=n, else the socket's address that the
 * app's server recorded (x-passport-peer). Edge-safe.
 */
const IP_LIKE = /^[0-9A-Fa-f:.]{2,45}$/;

export function clientAddress(headers: Headers, config: PortalConfig = portalConfig()): string | undefined {
  let candidate: string | undefined;
  if (config.trustProxyHops > 0) {
    const chain = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
    candidate = chain[chain.length - config.trustProxyHops];
  }
  candidate ??= headers.get(HEADER.peer)?.trim() || undefined;
  return candidate && IP_LIKE.test(candidate) ? candidate : undefined;
}
