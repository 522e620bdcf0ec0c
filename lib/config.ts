import { z } from "zod";
import { normalizeCookieDomain } from "@/lib/contract/cookie-sync";
import { NATIVE_BRIDGE_ORIGIN } from "@/lib/contract/native-bridge";
import { objectStorePublicUrl } from "@/lib/contract/object-store";

/**
 * The portal's whole environment, parsed once per process (and once in the Edge middleware's
 * sandbox) with zod. Edge-safe: variables are read one by one (the Edge runtime has no
 * enumerable process.env to hand over) and nothing here touches Node APIs. A bad value throws
 * one line naming the variable, never its value. docs/configuration.md lists every variable.
 */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const text = () => z.preprocess(blank, z.string().trim().optional());
const list = () =>
  z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value) : ""),
    z.string().transform((value) => [...new Set(value.split(",").map((item) => item.trim().toLowerCase()).filter(Boolean))]),
  );

/** An origin such as https://passport.example.com (no path, query or credentials). */
const origin = z.url({ protocol: /^https?$/, error: "expected an origin such as https://passport.example.com" }).transform((value, ctx) => {
  const url = new URL(value);
  if (url.username || url.password || (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) {
    ctx.addIssue({ code: "custom", message: "expected an origin such as https://passport.example.com (no path)" });
    return z.NEVER;
  }
  return url.origin;
});

const proxyHops = z.preprocess(
  (value) => {
    const raw = typeof blank(value) === "string" ? String(value).trim().toLowerCase() : "0";
    if (["true", "yes", "on"].includes(raw)) return 1;
    if (["false", "no", "off"].includes(raw)) return 0;
    return raw;
  },
  z.coerce.number({ error: "expected true, false or the number of proxies" }).int().min(0).max(10),
);

const envSchema = z.object({
  PORT: z.preprocess(blank, z.coerce.number({ error: "expected a port number" }).int().min(1).max(65535).default(3000)),
  PUBLIC_ORIGIN: z.preprocess(blank, origin.optional()),
  TRUST_PROXY: proxyHops,
  PASSPORT_API_URL: z.preprocess(blank, z.url({ error: "expected a URL" }).optional()),
  USER_API_URL: z.preprocess(blank, z.url({ error: "expected a URL" }).optional()),
  MESSAGE_API_URL: z.preprocess(blank, z.url({ error: "expected a URL" }).optional()),
  PORTAL_SERVICES_KEY: text(),
  COOKIE_DOMAIN: text(),
  COOKIE_HTTP_ONLY: z.preprocess(blank, z.enum(["true", "false"], { error: "expected true or false" }).default("true")),
  SOCIAL_BIND_SESSION_TOKEN: z.preprocess(blank, z.enum(["true", "false"], { error: "expected true or false" }).default("false")),
  ALLOWED_REDIRECT_HOSTS: list(),
  EMBED_ALLOWED_ORIGINS: z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value).split(",").map((item) => item.trim()).filter(Boolean) : []),
    z.array(origin),
  ),
  WEBAUTHN_RELATED_ORIGINS: z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value).split(",").map((item) => item.trim()).filter(Boolean) : []),
    z.array(origin),
  ),
  IMAGE_HOSTS: list(),
  // the services' S3 bucket, read here only for where browsers load avatars from (the services check it in full)
  S3_BUCKET: text(),
  S3_REGION: text(),
  S3_ENDPOINT: z.preprocess(blank, z.url({ error: "expected a URL" }).optional()),
  S3_PUBLIC_URL: z.preprocess(blank, z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional()),
  S3_FORCE_PATH_STYLE: text(),
  SESSION_SECRET: z.preprocess(blank, z.string().min(32, { error: "expected at least 32 characters" }).optional()),
  CAPTCHA_PROVIDER: z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value).trim().toLowerCase() : "altcha"),
    z.enum(["altcha", "recaptcha", "aliyun", "regional"], { error: "expected altcha, recaptcha, aliyun or regional" }),
  ),
  REGION: z.preprocess((value) => (typeof blank(value) === "string" ? String(value).trim().toLowerCase() : undefined), z.string().optional()),
  TRAINING_VIDEO_URL: z.preprocess(blank, z.string().optional()),
  XCS_API_URL: z.preprocess(blank, z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional()),
  ANALYTICS_URL: z.preprocess(
    blank,
    z
      .union([z.literal("off"), z.string().regex(/^\/(?!\/)[^\s]*$/), z.url({ protocol: /^https?$/ })], { error: "expected a URL, a path such as /v1/analytics/events, or off" })
      .optional(),
  ),
  WEB_ANALYTICS_ID: z.preprocess(blank, z.string().regex(/^G-[A-Z0-9]{4,20}$/, { error: "expected a Google Analytics 4 measurement ID (G-…)" }).optional()),
  SOCIAL_PROVIDERS: z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value) : "google,facebook,apple"),
    z
      .string()
      .transform((value) => [...new Set(value.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean))])
      .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, { error: "provider names are letters, digits, _ and -" }))),
  ),
  PASSPORT_API_PUBLIC_URL: z.preprocess(blank, z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional()),
  COOKIE_SYNC_MODE: z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value).trim().toLowerCase() : undefined),
    z.enum(["off", "visit", "redirect"], { error: "expected off, visit or redirect" }).optional(),
  ),
  // the operator console's place below the language: /{lang}/console by default (docs/operators.md)
  CONSOLE_BASE_PATH: z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value).trim().replace(/^\/+|\/+$/g, "").toLowerCase() : "console"),
    z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}(\/[a-z0-9][a-z0-9-]{0,39}){0,2}$/, { error: "expected a path such as /console or /ops/console" }),
  ),
  COOKIE_SYNC_SITES: z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value).split(",").map((item) => item.trim()).filter(Boolean) : []),
    z.array(
      z.string().transform((entry, ctx) => {
        const [base = "", domain = ""] = entry.split("=").map((part) => part.trim());
        const site = origin.safeParse(base);
        const name = normalizeCookieDomain(domain);
        if (!site.success || !name) {
          ctx.addIssue({ code: "custom", message: "expected entries origin=domain, such as https://passport.example.net=.example.net" });
          return z.NEVER;
        }
        return { origin: site.data, domain: name };
      }),
    ),
  ),
});

/** The origin of an absolute http(s) URL, else nothing (a same-origin path needs no CSP entry). */
function originOf(value: string | undefined): string[] {
  if (!value || !/^https?:\/\//i.test(value)) return [];
  return [new URL(value).origin];
}

export type PortalConfig = {
  port: number;
  /** the configured public origin; null means "local use": see lib/session/public-origin.ts */
  publicOrigin: string | null;
  /** proxies in front whose X-Forwarded-* headers are believed (0: none) */
  trustProxyHops: number;
  upstream: { passport: string | null; user: string | null; message: string | null };
  portalServicesKey: string | null;
  cookieDomain: string | null;
  cookieHttpOnly: boolean;
  /** hosts `r` may send a signed-in user to (`*.example.com` allowed), besides the portal itself */
  allowedRedirectHosts: readonly string[];
  /** origins allowed to frame the portal and to talk to it by postMessage */
  embedAllowedOrigins: readonly string[];
  /** the brands' sibling sites whose pages may use this site's passkeys (GET /.well-known/webauthn) */
  webauthnRelatedOrigins: readonly string[];
  /** hosts the launch image `img` may come from, besides the portal's own /images/ */
  imageHosts: readonly string[];
  /** the origin browsers load avatars from when the services keep them in S3 (S3_PUBLIC_URL or the bucket's address), else null */
  objectStoreOrigin: string | null;
  /** the key of the sealed session-check cookie (iron-session) */
  sessionSecret: string | null;
  /** which human verification the pages load (the same CAPTCHA_PROVIDER/REGION the services read) */
  captchaProvider: "altcha" | "recaptcha" | "aliyun";
  /** "cn" for a deployment in mainland China */
  region: string | null;
  /** origins the CSP lets pages talk to, show media from, and post forms to, besides the portal */
  extraConnectSources: readonly string[];
  extraMediaSources: readonly string[];
  extraFormActions: readonly string[];
  /** XCS activation endpoint (SPEC §7): POST {token} after a redemption or a completed training; null = off */
  xcsApiUrl: string | null;
  /** where the browser sends analytics events (null: off), and the web analytics service to mirror to */
  analytics: { url: string | null; webAnalyticsId: string | null };
  /** social sign-in providers with a button on login and register (none in the China region) */
  socialProviders: readonly string[];
  /** the passport API as browsers reach it (social sign-in sends them there); null: the portal's own origin when the services are embedded, else PASSPORT_API_URL */
  passportApiPublicUrl: string | null;
  /**
   * Connecting a provider (op=bind) sends the session token itself in the address (`ut`), as
   * the older contract did, instead of a one-time bind ticket: only for an upstream passport API
   * without POST /v1/oauth/bind-ticket (docs/social.md). Off, and refused, with the reference services.
   */
  socialBindSessionToken: boolean;
  /**
   * Third-party-cookie mode (SPEC §4): after a sign-in the session cookie is also set on these
   * sibling sites, each by its own passport API on its domain: `visit` (subresource requests,
   * needs third-party cookies) or `redirect` (a chain of top-level hops ending where the user goes).
   */
  cookieSync: { mode: "off" | "visit" | "redirect"; sites: readonly { origin: string; domain: string }[] };
  /** the native app's bridge (SPEC §7), which pages may call */
  nativeBridgeOrigin: string;
  /** the operator console's path below the language, without slashes at the ends ("console") */
  consoleBasePath: string;
};

/** Providers the services know without an issuer setting (lib/backend/social/settings.ts). */
const KNOWN_ISSUERS = new Set(["google", "facebook", "apple"]);

/**
 * Whether the services in this process can run a sign-in with a provider: the rule of
 * lib/backend/social/settings.ts `isConfigured` (an issuer, a client id, and a secret or Apple's
 * key), read from the same variables. Without it a button would only answer "not available".
 * Remote services (PASSPORT_API_URL) keep their clients to themselves: there SOCIAL_PROVIDERS
 * is taken as given.
 */
function hasSocialClient(channel: string): boolean {
  const has = (name: string) => socialSetting(channel, name) !== null;
  const key = has("TEAM_ID") && has("KEY_ID") && has("PRIVATE_KEY");
  return (KNOWN_ISSUERS.has(channel) || has("ISSUER")) && has("CLIENT_ID") && (has("CLIENT_SECRET") || key);
}

/** A provider's setting SOCIAL_<NAME>_<setting> (the name upper-cased, `-` as `_`), null when unset or blank. */
function socialSetting(channel: string, name: string): string | null {
  const value = process.env[`SOCIAL_${channel.toUpperCase().replace(/-/g, "_")}_${name}`]?.trim();
  return value ? value : null;
}

/** The provider's web client id (SPEC §7 `cid` of the social redirect), when this environment has it. */
export function socialClientId(channel: string): string | null {
  return socialSetting(channel, "CLIENT_ID");
}

/** The reference services' collector, on the portal's own origin. */
export const DEFAULT_ANALYTICS_URL = "/v1/analytics/events";

function read(): PortalConfig {
  const parsed = envSchema.safeParse({
    PORT: process.env.PORT,
    PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN,
    TRUST_PROXY: process.env.TRUST_PROXY,
    PASSPORT_API_URL: process.env.PASSPORT_API_URL,
    USER_API_URL: process.env.USER_API_URL,
    MESSAGE_API_URL: process.env.MESSAGE_API_URL,
    PORTAL_SERVICES_KEY: process.env.PORTAL_SERVICES_KEY,
    COOKIE_DOMAIN: process.env.COOKIE_DOMAIN,
    COOKIE_HTTP_ONLY: process.env.COOKIE_HTTP_ONLY,
    SOCIAL_BIND_SESSION_TOKEN: process.env.SOCIAL_BIND_SESSION_TOKEN,
    ALLOWED_REDIRECT_HOSTS: process.env.ALLOWED_REDIRECT_HOSTS,
    EMBED_ALLOWED_ORIGINS: process.env.EMBED_ALLOWED_ORIGINS,
    WEBAUTHN_RELATED_ORIGINS: process.env.WEBAUTHN_RELATED_ORIGINS,
    IMAGE_HOSTS: process.env.IMAGE_HOSTS,
    S3_BUCKET: process.env.S3_BUCKET,
    S3_REGION: process.env.S3_REGION,
    S3_ENDPOINT: process.env.S3_ENDPOINT,
    S3_PUBLIC_URL: process.env.S3_PUBLIC_URL,
    S3_FORCE_PATH_STYLE: process.env.S3_FORCE_PATH_STYLE,
    SESSION_SECRET: process.env.SESSION_SECRET,
    CAPTCHA_PROVIDER: process.env.CAPTCHA_PROVIDER,
    REGION: process.env.REGION,
    TRAINING_VIDEO_URL: process.env.TRAINING_VIDEO_URL,
    XCS_API_URL: process.env.XCS_API_URL,
    ANALYTICS_URL: process.env.ANALYTICS_URL,
    WEB_ANALYTICS_ID: process.env.WEB_ANALYTICS_ID,
    SOCIAL_PROVIDERS: process.env.SOCIAL_PROVIDERS,
    PASSPORT_API_PUBLIC_URL: process.env.PASSPORT_API_PUBLIC_URL,
    COOKIE_SYNC_MODE: process.env.COOKIE_SYNC_MODE,
    COOKIE_SYNC_SITES: process.env.COOKIE_SYNC_SITES,
    CONSOLE_BASE_PATH: process.env.CONSOLE_BASE_PATH,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0] ?? "environment")}: ${issue?.message ?? "invalid"}`);
  }
  const env = parsed.data;
  if (env.SOCIAL_BIND_SESSION_TOKEN === "true" && env.PASSPORT_API_URL === undefined) {
    throw new Error("SOCIAL_BIND_SESSION_TOKEN: only for an upstream passport API without bind tickets (PASSPORT_API_URL); the reference services bind with a one-time ticket");
  }
  return {
    port: env.PORT,
    publicOrigin: env.PUBLIC_ORIGIN ?? null,
    trustProxyHops: env.TRUST_PROXY,
    upstream: { passport: env.PASSPORT_API_URL ?? null, user: env.USER_API_URL ?? null, message: env.MESSAGE_API_URL ?? null },
    portalServicesKey: env.PORTAL_SERVICES_KEY ?? null,
    cookieDomain: env.COOKIE_DOMAIN ?? null,
    cookieHttpOnly: env.COOKIE_HTTP_ONLY !== "false",
    allowedRedirectHosts: env.ALLOWED_REDIRECT_HOSTS,
    embedAllowedOrigins: env.EMBED_ALLOWED_ORIGINS,
    webauthnRelatedOrigins: env.WEBAUTHN_RELATED_ORIGINS,
    imageHosts: env.IMAGE_HOSTS,
    objectStoreOrigin: objectStoreOrigin(env),
    sessionSecret: env.SESSION_SECRET ?? null,
    captchaProvider: env.CAPTCHA_PROVIDER === "regional" ? (env.REGION === "cn" ? "aliyun" : "recaptcha") : env.CAPTCHA_PROVIDER,
    region: env.REGION ?? null,
    extraConnectSources: originOf(env.ANALYTICS_URL),
    extraMediaSources: originOf(env.TRAINING_VIDEO_URL),
    // social sign-in leaves through the passport API as browsers reach it
    extraFormActions: originOf(env.PASSPORT_API_PUBLIC_URL ?? env.PASSPORT_API_URL),
    xcsApiUrl: env.XCS_API_URL ?? null,
    analytics: {
      url: env.ANALYTICS_URL === "off" ? null : (env.ANALYTICS_URL ?? DEFAULT_ANALYTICS_URL),
      webAnalyticsId: env.WEB_ANALYTICS_ID ?? null,
    },
    socialProviders: env.REGION === "cn" ? [] : env.SOCIAL_PROVIDERS.filter((channel) => env.PASSPORT_API_URL !== undefined || hasSocialClient(channel)),
    passportApiPublicUrl: env.PASSPORT_API_PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    socialBindSessionToken: env.SOCIAL_BIND_SESSION_TOKEN === "true",
    cookieSync: {
      mode: env.COOKIE_SYNC_SITES.length === 0 ? "off" : (env.COOKIE_SYNC_MODE ?? "redirect"),
      sites: env.COOKIE_SYNC_SITES,
    },
    nativeBridgeOrigin: NATIVE_BRIDGE_ORIGIN,
    consoleBasePath: env.CONSOLE_BASE_PATH,
  };
}

/** The origin of the bucket's public address (lib/contract/object-store.ts), when the services store files in S3. */
function objectStoreOrigin(env: z.output<typeof envSchema>): string | null {
  if (!env.S3_BUCKET) return null;
  const forcePathStyle = ["1", "true", "yes", "on"].includes((env.S3_FORCE_PATH_STYLE ?? "").toLowerCase());
  const address = { bucket: env.S3_BUCKET, region: env.S3_REGION ?? "us-east-1", endpoint: env.S3_ENDPOINT ?? null, forcePathStyle, publicUrl: env.S3_PUBLIC_URL ?? null };
  return new URL(objectStorePublicUrl(address)).origin;
}

let cached: PortalConfig | null = null;

export function portalConfig(): PortalConfig {
  cached ??= read();
  return cached;
}

/** Forget the parsed configuration so the next call reads the environment again (tests, start-up). */
export function resetPortalConfig(): void {
  cached = null;
}
