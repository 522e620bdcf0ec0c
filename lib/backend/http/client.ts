import { HEADER } from "@/lib/contract/headers";
import { getConfig } from "../config";
import { sameSecret } from "../crypto";
import { langFromHeader } from "../lang";
import { normalizeIp } from "../net/addresses";
import type { ClientInfo } from "../services/sessions";
import type { ServicesBindings } from "./env";

/**
 * Who is calling. Every caller is identified by its own address, so per-IP rules (bans, daily
 * caps, verification after failures) hold for a direct call exactly as for the portal:
 *
 * 1. The portal, and only the portal (its x-portal-key equals PORTAL_SERVICES_KEY, compared in
 *    constant time), may name the browser it calls for in x-client-ip.
 * 2. Behind TRUST_PROXY=n proxies, the client is the n-th X-Forwarded-For entry from the right:
 *    each trusted proxy appends the address it saw, so entries further left were written by the
 *    client and are ignored.
 * 3. Otherwise the socket's address. A header a caller sends about itself is never believed.
 *
 * No address at all (an in-process caller) is null: per-IP limits then count the caller in the
 * shared "unknown" bucket (services/ip-key.ts).
 */
function fromPortal(headers: Headers): boolean {
  const expected = getConfig().portalServicesKey;
  const presented = headers.get(HEADER.portalKey);
  return expected !== null && presented !== null && sameSecret(presented, expected);
}

export function peerAddress(bindings: ServicesBindings | undefined): string | null {
  return normalizeIp(bindings?.peer ?? bindings?.incoming?.socket.remoteAddress ?? null);
}

export function clientAddress(headers: Headers, peer: string | null): string | null {
  if (fromPortal(headers)) {
    const named = normalizeIp(headers.get(HEADER.clientIp));
    if (named) return named;
  }
  const hops = getConfig().trustProxyHops;
  if (hops > 0) {
    const chain = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
    const proxied = normalizeIp(chain[chain.length - hops]);
    if (proxied) return proxied;
  }
  return peer;
}

function header(headers: Headers, name: string, max = 256): string | null {
  const value = headers.get(name)?.trim();
  return value ? value.slice(0, max) : null;
}

/** The browser's device id (x-device-id): 16–256 URL-safe characters, else none. */
function deviceId(headers: Headers): string | null {
  const value = headers.get(HEADER.deviceId)?.trim();
  return value && /^[A-Za-z0-9._~-]{16,256}$/.test(value) ? value : null;
}

export function describeClient(headers: Headers, bindings: ServicesBindings | undefined): ClientInfo {
  const lang = langFromHeader(headers.get(HEADER.lang));
  return {
    lang,
    statedLang: headers.get(HEADER.lang)?.trim() ? lang : null,
    deviceId: deviceId(headers),
    ip: clientAddress(headers, peerAddress(bindings)),
    userAgent: header(headers, HEADER.clientUserAgent, 512) ?? header(headers, "user-agent", 512),
    appCode: header(headers, HEADER.appCode, 64) ?? header(headers, HEADER.code, 64),
    platform: header(headers, HEADER.appPlatform, 64) ?? header(headers, HEADER.system, 64),
    appVersion: header(headers, HEADER.appVersionX, 64) ?? header(headers, HEADER.appVersion, 64),
  };
}

export function sessionToken(headers: Headers): string | null {
  return header(headers, HEADER.utoken);
}
