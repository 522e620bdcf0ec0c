import path from "node:path";
import { z } from "zod";
import { parseNetwork } from "./net/addresses";
import { normalizeCookieDomain } from "@/lib/contract/cookie-sync";
import { singleton, clearSingleton } from "./singleton";
import { readSocialSettings, type SocialSettings } from "./social/settings";
import { webAuthnSettings, type WebAuthnSettings } from "./webauthn-settings";
import { objectStorePublicUrl, withoutTrailingSlash } from "@/lib/contract/object-store";

/**
 * The reference services' whole environment, parsed once with zod. A bad value stops the start
 * with one line naming the variable (`SERVICES_PORT: expected an integer from 1 to 65535`);
 * unset or blank means the default. docs/configuration.md lists every variable.
 */
export type CaptchaProviderName = "altcha" | "recaptcha" | "aliyun";

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const text = () => z.preprocess(blank, z.string().trim().optional());
const flag = () =>
  z.preprocess(
    blank,
    z
      .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], { error: "expected true or false" })
      .optional()
      .transform((value) => value === "1" || value === "true" || value === "yes" || value === "on"),
  );
const count = (fallback: number, max = 1_000_000_000) =>
  z.preprocess(blank, z.coerce.number({ error: "expected a whole number" }).int().min(1).max(max).default(fallback));
const url = () => z.preprocess(blank, z.url({ error: "expected a URL" }).optional());
/** "a, B ,a" → ["a", "b"] */
const list = () =>
  z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value) : ""),
    z.string().transform((value) => [...new Set(value.split(",").map((item) => item.trim().toLowerCase()).filter(Boolean))]),
  );

/** A key given in the environment: at least 32 characters, so it cannot be guessed. */
const secret = () => z.preprocess(blank, z.string().trim().min(32, { error: "expected at least 32 characters" }).optional());
/** A video or captions location: an http(s) URL, or a path of the portal such as /training/x.mp4. */
const videoLocation = z.string().trim().max(2048).refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\//i.test(value), {
  error: "expected an http(s) URL or a path starting with /",
});

/** "google, Facebook,apple" → ["google", "facebook", "apple"]. */
const providerList = z.preprocess(
  (value) => (typeof blank(value) === "string" ? String(value) : "google,facebook,apple"),
  z
    .string()
    .transform((value) => [...new Set(value.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, { error: "provider names are letters, digits, _ and -" }))),
);

/** TRUST_PROXY: off, on (one proxy in front), or the number of proxies in front. */
const proxyHops = z.preprocess(
  (value) => {
    const raw = typeof blank(value) === "string" ? String(value).trim().toLowerCase() : "0";
    if (["true", "yes", "on"].includes(raw)) return 1;
    if (["false", "no", "off"].includes(raw)) return 0;
    return raw;
  },
  z.coerce.number({ error: "expected true, false or the number of proxies" }).int().min(0).max(10),
);

/** IP_LIMIT_EXEMPT: "127.0.0.1, 10.0.0.0/8" → canonical addresses and ranges. */
const networkList = z.preprocess(
  (value) => (typeof blank(value) === "string" ? String(value) : ""),
  z
    .string()
    .transform((value) => value.split(",").map((entry) => entry.trim()).filter(Boolean))
    .transform((entries, ctx) =>
      entries.map((entry) => {
        const network = parseNetwork(entry);
        if (!network) ctx.addIssue({ code: "custom", message: "expected IP addresses or CIDR ranges, separated by commas" });
        return network ?? "";
      }),
    ),
);

const envSchema = z.object({
  DATA_DIR: text(),
  DATABASE_URL: text(),
  SMTP_URL: url(),
  MAIL_FROM: text(),
  TRUST_PROXY: proxyHops,
  PORTAL_SERVICES_KEY: text(),
  IP_LIMIT_EXEMPT: networkList,
  CONSOLE_ALLOWED_IPS: networkList,
  AUDIT_RETENTION_DAYS: count(365, 36_500),
  SOCIAL_PROVIDERS: providerList,
  CODE_SECRET: text(),
  SERVICES_PORT: z.preprocess(blank, z.coerce.number({ error: "expected a port number" }).int().min(1).max(65535).default(4000)),
  REDIS_URL: text(),
  PRUNE_INTERVAL_SECONDS: count(600, 86_400),
  /** 0: this instance runs no bulk jobs (tests that drive the runner themselves) */
  BULK_RUNNER_INTERVAL_SECONDS: z.preprocess(blank, z.coerce.number({ error: "expected a whole number" }).int().min(0).max(3600).default(2)),
  LOG_LEVEL: z.preprocess(blank, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  CAPTCHA_PROVIDER: z.preprocess(
    (value) => (typeof blank(value) === "string" ? String(value).trim().toLowerCase() : "altcha"),
    z.enum(["altcha", "recaptcha", "aliyun", "regional"], { error: "expected altcha, recaptcha, aliyun or regional" }),
  ),
  REGION: z.preprocess((value) => (typeof blank(value) === "string" ? String(value).trim().toLowerCase() : undefined), z.string().optional()),
  ALTCHA_COST: count(5000),
  ALTCHA_MAX_COUNTER: count(3000),
  RECAPTCHA_SITE_KEY: text(),
  RECAPTCHA_SECRET: text(),
  RECAPTCHA_VERIFY_URL: url(),
  RECAPTCHA_MIN_SCORE: z.preprocess(blank, z.coerce.number({ error: "expected a number from 0 to 1" }).min(0).max(1).default(0.5)),
  ALIYUN_CAPTCHA_APP_KEY: text(),
  ALIYUN_ACCESS_KEY_ID: text(),
  ALIYUN_ACCESS_KEY_SECRET: text(),
  ALIYUN_CAPTCHA_ENDPOINT: url(),
  S3_BUCKET: text(),
  S3_REGION: text(),
  S3_ENDPOINT: url(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_PUBLIC_URL: url(),
  S3_FORCE_PATH_STYLE: flag(),
  EXCHANGE_CODE_KEY: secret(),
  SN_PASSWORD_KEY: secret(),
  SAFETY_DEVICE_API_KEY: secret(),
  TRAINING_VIDEO_URL: z.preprocess(blank, videoLocation.optional()),
  TRAINING_VIDEO_CAPTIONS: z.preprocess(blank, videoLocation.optional()),
  TRAINING_VIDEO_SECONDS: z.preprocess(blank, z.coerce.number({ error: "expected a number of seconds" }).min(1).max(36_000).optional()),
  COOKIE_SYNC_DOMAINS: list(),
  COOKIE_SYNC_TARGETS: list(),
  COOKIE_HTTP_ONLY: z.preprocess(blank, z.enum(["true", "false"], { error: "expected true or false" }).default("true")),
  WEBAUTHN_RP_ID: z.preprocess(blank, z.string().trim().toLowerCase().regex(/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/, { error: "expected a domain name" }).optional()),
  WEBAUTHN_RP_NAME: text(),
  WEBAUTHN_RELATED_ORIGINS: list(),
  EMBED_ALLOWED_ORIGINS: list(),
  PWNED_PASSWORDS_URL: z.preprocess(blank, z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional()),
});

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | null;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  publicUrl: string;
  forcePathStyle: boolean;
};

export type BackendConfig = {
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** proxies in front whose X-Forwarded-For entries are believed (0: none, the socket is the client) */
  trustProxyHops: number;
  portalServicesKey: string | null;
  /** the operator console answers only callers from these addresses and ranges; empty: any */
  adminAllowedIps: readonly string[];
  /** how long the audit log keeps an entry (services/console/audit.ts) */
  auditRetentionDays: number;
  /** addresses and ranges that per-IP limits never count (a health checker, a test run); bans still apply */
  ipLimitExempt: readonly string[];
  socialProviders: readonly string[];
  /** per-provider OpenID Connect settings, callback allowlist and public addresses (social/settings.ts) */
  social: SocialSettings;
  codeSecret: string | null;
  servicesPort: number;
  redisUrl: string | null;
  /** how often the services delete stale rows and files (maintenance/pruners.ts) */
  pruneIntervalSeconds: number;
  /** how often this instance looks for bulk jobs to run (services/console/bulk-runner.ts); 0: never */
  bulkRunnerIntervalSeconds: number;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  captcha: {
    provider: CaptchaProviderName;
    altchaCost: number;
    altchaMaxCounter: number;
    recaptchaSiteKey: string | null;
    recaptchaSecret: string | null;
    recaptchaVerifyUrl: string;
    recaptchaMinScore: number;
    aliyunAppKey: string | null;
    aliyunAccessKeyId: string | null;
    aliyunAccessKeySecret: string | null;
    aliyunEndpoint: string;
  };
  /** S3-compatible storage for files (avatars), or null for DATA_DIR/files */
  s3: S3Settings | null;
  /** keys of the exchange codes, the SN passwords and the device-side API; null means "not configured" */
  exchangeCodeKey: string | null;
  snPasswordKey: string | null;
  safetyDeviceApiKey: string | null;
  /** the welder training video, its captions ({lang} is replaced) and the length a viewing must last */
  trainingVideo: { url: string; captions: string | null; seconds: number };
  /** third-party-cookie mode (GET /v1/cookie/*): the domains this site sets `utoken` on, and where a hop may go next */
  cookieSync: { domains: readonly string[]; targets: readonly string[]; httpOnly: boolean };
  /** passkeys: the relying party (webauthn-settings.ts) */
  webauthn: WebAuthnSettings;
  /** a Have I Been Pwned range API (or a mirror) asked about new passwords, without a trailing slash; null: the offline list only */
  pwnedPasswordsUrl: string | null;
};

/** The environment, or a part of it (tests). */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** A configuration error names the variable and what was expected, never the value (it may be a secret). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

function s3Settings(env: z.output<typeof envSchema>): S3Settings | null {
  const bucket = env.S3_BUCKET;
  if (!bucket) return null;
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.");
  }
  const region = env.S3_REGION ?? "us-east-1";
  const endpoint = env.S3_ENDPOINT ?? null;
  return {
    bucket,
    region,
    endpoint,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : null,
    publicUrl: objectStorePublicUrl({ bucket, region, endpoint, forcePathStyle: env.S3_FORCE_PATH_STYLE, publicUrl: env.S3_PUBLIC_URL ?? null }),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

export function readConfig(source: EnvSource): BackendConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${String(issue?.path[0] ?? "environment")}: ${issue?.message ?? "invalid"}`);
  }
  const env = parsed.data;
  const social = readSocialSettings(source, env.SOCIAL_PROVIDERS);
  if (!social.ok) throw new ConfigError(social.message);
  const webauthn = webAuthnSettings({
    rpId: env.WEBAUTHN_RP_ID ?? null,
    rpName: env.WEBAUTHN_RP_NAME ?? null,
    relatedOrigins: env.WEBAUTHN_RELATED_ORIGINS,
    embedOrigins: env.EMBED_ALLOWED_ORIGINS,
    publicOrigin: social.settings.publicOrigin,
    port: social.settings.port,
  });
  if (!webauthn.ok) throw new ConfigError(webauthn.message);
  const provider = env.CAPTCHA_PROVIDER === "regional" ? (env.REGION === "cn" ? "aliyun" : "recaptcha") : env.CAPTCHA_PROVIDER;
  return {
    // The data directory is chosen at run time; keep the bundler from tracing the whole project.
    dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? "Passport <no-reply@passport.local>",
    trustProxyHops: env.TRUST_PROXY,
    portalServicesKey: env.PORTAL_SERVICES_KEY ?? null,
    ipLimitExempt: env.IP_LIMIT_EXEMPT,
    adminAllowedIps: env.CONSOLE_ALLOWED_IPS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    socialProviders: env.SOCIAL_PROVIDERS,
    social: social.settings,
    codeSecret: env.CODE_SECRET ?? null,
    servicesPort: env.SERVICES_PORT,
    redisUrl: env.REDIS_URL ?? null,
    pruneIntervalSeconds: env.PRUNE_INTERVAL_SECONDS,
    bulkRunnerIntervalSeconds: env.BULK_RUNNER_INTERVAL_SECONDS,
    logLevel: env.LOG_LEVEL,
    captcha: {
      provider,
      altchaCost: env.ALTCHA_COST,
      altchaMaxCounter: env.ALTCHA_MAX_COUNTER,
      recaptchaSiteKey: env.RECAPTCHA_SITE_KEY ?? null,
      recaptchaSecret: env.RECAPTCHA_SECRET ?? null,
      recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL ?? "https://www.google.com/recaptcha/api/siteverify",
      recaptchaMinScore: env.RECAPTCHA_MIN_SCORE,
      aliyunAppKey: env.ALIYUN_CAPTCHA_APP_KEY ?? null,
      aliyunAccessKeyId: env.ALIYUN_ACCESS_KEY_ID ?? null,
      aliyunAccessKeySecret: env.ALIYUN_ACCESS_KEY_SECRET ?? null,
      aliyunEndpoint: env.ALIYUN_CAPTCHA_ENDPOINT ?? "https://afs.aliyuncs.com",
    },
    s3: s3Settings(env),
    exchangeCodeKey: env.EXCHANGE_CODE_KEY ?? null,
    snPasswordKey: env.SN_PASSWORD_KEY ?? null,
    safetyDeviceApiKey: env.SAFETY_DEVICE_API_KEY ?? null,
    trainingVideo: trainingVideo(env),
    cookieSync: { domains: cookieDomains(env.COOKIE_SYNC_DOMAINS), targets: env.COOKIE_SYNC_TARGETS, httpOnly: env.COOKIE_HTTP_ONLY !== "false" },
    webauthn: webauthn.settings,
    pwnedPasswordsUrl: env.PWNED_PASSWORDS_URL ? withoutTrailingSlash(env.PWNED_PASSWORDS_URL) : null,
  };
}

/** The video shipped in public/training, unless another one is configured (then its captions too, if any). */
export const DEFAULT_TRAINING_VIDEO = {
  url: "/training/welder-safety.mp4",
  captions: "/training/welder-safety.{lang}.vtt",
  seconds: 30,
} as const;

function trainingVideo(env: z.output<typeof envSchema>): BackendConfig["trainingVideo"] {
  if (!env.TRAINING_VIDEO_URL) {
    return { url: DEFAULT_TRAINING_VIDEO.url, captions: DEFAULT_TRAINING_VIDEO.captions, seconds: env.TRAINING_VIDEO_SECONDS ?? DEFAULT_TRAINING_VIDEO.seconds };
  }
  if (env.TRAINING_VIDEO_SECONDS === undefined) throw new ConfigError("TRAINING_VIDEO_SECONDS: required with TRAINING_VIDEO_URL (the length of that video)");
  return { url: env.TRAINING_VIDEO_URL, captions: env.TRAINING_VIDEO_CAPTIONS ?? null, seconds: env.TRAINING_VIDEO_SECONDS };
}

function cookieDomains(values: readonly string[]): string[] {
  return values.map((value) => {
    const domain = normalizeCookieDomain(value);
    if (!domain) throw new ConfigError("COOKIE_SYNC_DOMAINS: expected domain names such as .example.com");
    return domain;
  });
}

const NAME = "config";

export function getConfig(): BackendConfig {
  return singleton(NAME, () => readConfig(process.env));
}

/** Forget the cached configuration so the next call reads the environment again (tests). */
export function resetConfig(): void {
  clearSingleton(NAME);
}
