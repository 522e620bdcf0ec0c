import type { IncomingHttpHeaders } from "node:http";
import type { PortalConfig } from "@/lib/config";
import { publicOrigin } from "@/lib/session/public-origin";

/**
 * The security headers of every page (ARCHITECTURE security rules; issue: framing, CSP).
 *
 * What a page's scripts may be (docs/security.md lists each page):
 *
 * - rendered per request (the signed-in pages but the settings shells): a fresh nonce per
 *   response and `'strict-dynamic'`, set by the proxy (lib/security/page-scripts.ts). Next reads
 *   the nonce from the request's policy and puts it on every script it writes; the scripts those
 *   load are trusted through 'strict-dynamic'.
 * - static and behind the proxy (the settings shells, sn-password, authcb, social/connect): the
 *   same bytes for everyone, so no nonce; the SHA-256 of each inline script of the prerendered
 *   page instead, with `'self'` for Next's script files (each pinned by SRI: next.config
 *   experimental.sri).
 * - the sign-in pages (a plain visit is served without the proxy), announcement (regenerated
 *   every 30 s, so the build's hashes would not match) and learnMore: the default below, `'self'
 *   'unsafe-inline'`. The app server's headers are the same for every page (they cannot know a
 *   page's hashes), the sign-in variants are rendered on first visit, and a nonce would make
 *   every visit a render. Next's script files are pinned by SRI.
 *
 * Styles keep `'unsafe-inline'` everywhere: React writes style attributes (progress bars, the
 * pickers, the verification widget's colours), which no nonce covers, and a style cannot run
 * script. What CSP can enforce without per-response state is enforced on every page: no
 * plugins, no <base>, forms only to us, framing only by the embedding allowlist.
 */
export type ScriptSources = { kind: "inline" } | { kind: "nonce"; nonce: string } | { kind: "hashes"; hashes: readonly string[] };
const INLINE: ScriptSources = { kind: "inline" };

/** The script-src sources that tell the portal's own scripts apart (everything but the hosts). */
function ownScripts(scripts: ScriptSources): string[] {
  if (scripts.kind === "nonce") return ["'self'", `'nonce-${scripts.nonce}'`, "'strict-dynamic'"];
  if (scripts.kind === "hashes") return ["'self'", ...scripts.hashes.map((hash) => `'sha256-${hash}'`)];
  return ["'self'", "'unsafe-inline'"];
}

const RECAPTCHA_SCRIPT = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/", "https://www.recaptcha.net/recaptcha/"];
const RECAPTCHA_FRAME = ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/", "https://www.recaptcha.net/recaptcha/"];
const ALIYUN = ["https://g.alicdn.com", "https://cf.aliyun.com", "https://*.aliyuncs.com"];

function captchaSources(config: PortalConfig): { script: string[]; frame: string[]; connect: string[] } {
  if (config.captchaProvider === "recaptcha") return { script: RECAPTCHA_SCRIPT, frame: RECAPTCHA_FRAME, connect: [] };
  if (config.captchaProvider === "aliyun") return { script: ALIYUN, frame: ALIYUN, connect: ALIYUN };
  return { script: [], frame: [], connect: [] };
}

/**
 * What the embedding features fetch: the native app's bridge on loopback (SPEC §7), and in the
 * `visit` third-party-cookie mode the sibling sites' cookie endpoints (reached through a redirect
 * of the portal's own /api/cookie-sync/visit, which CSP checks too).
 */
function bridgeSources(config: PortalConfig): string[] {
  const siblings = config.cookieSync.mode === "visit" ? config.cookieSync.sites.map((site) => site.origin) : [];
  return [config.nativeBridgeOrigin, ...siblings];
}

/** frame-ancestors: the embedding allowlist, or only the portal itself. */
export function frameAncestors(config: PortalConfig): string {
  return ["'self'", ...config.embedAllowedOrigins].join(" ");
}

/** Google Analytics 4, only when a measurement ID is configured (no third-party script otherwise). */
const WEB_ANALYTICS = { script: ["https://www.googletagmanager.com"], connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"] };

export function contentSecurityPolicy(config: PortalConfig, https: boolean, scripts: ScriptSources = INLINE): string {
  const captcha = captchaSources(config);
  const web = config.analytics.webAnalyticsId ? WEB_ANALYTICS : { script: [], connect: [] };
  // launch images from IMAGE_HOSTS, and avatars from the services' S3 bucket (or its CDN)
  const images = [...config.imageHosts.map((host) => `https://${host}`), ...(config.objectStoreOrigin ? [config.objectStoreOrigin] : [])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // the hosts still count where 'strict-dynamic' is not understood; where it is, the
    // verification and analytics scripts load as children of the portal's trusted ones
    "script-src": [...ownScripts(scripts), ...captcha.script, ...web.script],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...images],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...captcha.connect, ...web.connect, ...config.extraConnectSources, ...bridgeSources(config)],
    "media-src": ["'self'", ...config.extraMediaSources],
    "frame-src": ["'self'", ...captcha.frame],
    // the proof-of-work widget runs its hashing in a worker made from a data: URL
    "worker-src": ["'self'", "blob:", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'", ...config.extraFormActions],
    "frame-ancestors": [frameAncestors(config)],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Headers for a page response. HSTS only when the portal is served over https. */
export function pageSecurityHeaders(config: PortalConfig, https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(config, https),
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  };
  // Old browsers ignore frame-ancestors; X-Frame-Options can only say "same origin".
  if (config.embedAllowedOrigins.length === 0) headers["X-Frame-Options"] = "SAMEORIGIN";
  if (https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * The page headers of each request of the app's server (lib/security/incoming.ts): made once
 * per configuration for http and for https, the scheme taken per request as the public origin
 * says (PUBLIC_ORIGIN, or behind TRUST_PROXY the proxy's X-Forwarded-Proto).
 */
export function pageHeadersByRequest(config: PortalConfig): (headers: IncomingHttpHeaders) => Readonly<Record<string, string>> {
  const plain = pageSecurityHeaders(config, false);
  const secure = pageSecurityHeaders(config, true);
  // Without a proxy to believe, the scheme is the configured one for every request.
  if (config.publicOrigin || config.trustProxyHops === 0) {
    const fixed = publicOrigin({ get: () => null }, config).protocol === "https:" ? secure : plain;
    return () => fixed;
  }
  return (headers) => {
    const reader = {
      get(name: string): string | null {
        const value = headers[name.toLowerCase()];
        return Array.isArray(value) ? value.join(", ") : (value ?? null);
      },
    };
    return publicOrigin(reader, config).protocol === "https:" ? secure : plain;
  };
}
