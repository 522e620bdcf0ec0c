import path from "node:path";
import { singleton, clearSingleton } from "./singleton";

/**
 * Environment of the reference services, read once.
 *
 * | variable                  | default                                  | meaning                                            |
 * |---------------------------|------------------------------------------|----------------------------------------------------|
 * | DATA_DIR                  | ./data                                   | PGlite database and the generated secret           |
 * | DATABASE_URL              | (unset: embedded PGlite)                 | PostgreSQL connection string (node-postgres)       |
 * | SMTP_URL                  | (unset: outbox in the database + log)    | e.g. smtp://127.0.0.1:2525                         |
 * | MAIL_FROM                 | Passport <no-reply@passport.local>       | sender of emails                                   |
 * | TRUST_PROXY               | (off)                                    | "1"/"true": take client IPs from x-client-ip / x-forwarded-for |
 * | PORTAL_SERVICES_KEY       | (unset)                                  | shared with the portal: a request whose x-portal-key equals it may name the client IP in x-client-ip |
 * | SOCIAL_PROVIDERS          | google,facebook,apple                    | sign-in providers listed by GET /v1/user/oauth/list, in this order |
 * | CODE_SECRET               | (generated and stored)                   | HMAC key for codes; other secrets are derived from it |
 * | SERVICES_PORT             | 4000                                     | port of `npm run services`                         |
 * | REDIS_URL                 | (unset: in-process memory)               | store of the rate limits (ioredis URL)             |
 * | CAPTCHA_PROVIDER          | altcha                                   | altcha, recaptcha, aliyun, or regional             |
 * | REGION                    | (unset)                                  | "cn" picks aliyun when CAPTCHA_PROVIDER=regional   |
 * | ALTCHA_COST               | 5000                                     | PBKDF2 iterations per attempt of the proof of work |
 * | ALTCHA_MAX_COUNTER        | 3000                                     | most attempts a challenge needs (drawn from max/3…max) |
 * | RECAPTCHA_SITE_KEY        | (unset)                                  | public key handed to the portal                    |
 * | RECAPTCHA_SECRET          | (unset)                                  | server key for siteverify                          |
 * | RECAPTCHA_VERIFY_URL      | https://www.google.com/recaptcha/api/siteverify | where tokens are checked                    |
 * | RECAPTCHA_MIN_SCORE       | 0.5                                      | lowest reCAPTCHA v3 score accepted                 |
 * | ALIYUN_CAPTCHA_APP_KEY    | (unset)                                  | public app key handed to the portal                |
 * | ALIYUN_ACCESS_KEY_ID      | (unset)                                  | AccessKey for AnalyzeNvc                           |
 * | ALIYUN_ACCESS_KEY_SECRET  | (unset)                                  | AccessKey secret for AnalyzeNvc                    |
 * | ALIYUN_CAPTCHA_ENDPOINT   | https://afs.aliyuncs.com                 | Aliyun AFS endpoint                                |
 */
export type CaptchaProviderName = "altcha" | "recaptcha" | "aliyun";

export type BackendConfig = {
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  trustProxy: boolean;
  portalServicesKey: string | null;
  socialProviders: readonly string[];
  codeSecret: string | null;
  servicesPort: number;
  redisUrl: string | null;
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
};

const NAME = "config";

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** "google, Facebook,apple" → ["google", "facebook", "apple"]; names are letters, digits, "_" and "-". */
function socialProviders(value: string | undefined): string[] {
  const names = (value ?? "google,facebook,apple")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names) {
    if (!/^[a-z0-9][a-z0-9_-]{0,31}$/.test(name)) throw new Error(`SOCIAL_PROVIDERS: "${name}" is not a provider name.`);
  }
  return [...new Set(names)];
}

function captchaProvider(env: NodeJS.ProcessEnv): CaptchaProviderName {
  const chosen = (env.CAPTCHA_PROVIDER ?? "").trim().toLowerCase() || "altcha";
  if (chosen === "regional") return (env.REGION ?? "").trim().toLowerCase() === "cn" ? "aliyun" : "recaptcha";
  if (chosen === "altcha" || chosen === "recaptcha" || chosen === "aliyun") return chosen;
  throw new Error(`CAPTCHA_PROVIDER must be altcha, recaptcha, aliyun or regional (got "${chosen}").`);
}

function readConfig(env: NodeJS.ProcessEnv): BackendConfig {
  const port = Number.parseInt(env.SERVICES_PORT ?? "", 10);
  const minScore = Number.parseFloat(env.RECAPTCHA_MIN_SCORE ?? "");
  return {
    // The data directory is chosen at run time; keep the bundler from tracing the whole project.
    dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), blankToNull(env.DATA_DIR) ?? "data"),
    databaseUrl: blankToNull(env.DATABASE_URL),
    smtpUrl: blankToNull(env.SMTP_URL),
    mailFrom: blankToNull(env.MAIL_FROM) ?? "Passport <no-reply@passport.local>",
    trustProxy: ["1", "true"].includes((env.TRUST_PROXY ?? "").trim().toLowerCase()),
    portalServicesKey: blankToNull(env.PORTAL_SERVICES_KEY),
    socialProviders: socialProviders(env.SOCIAL_PROVIDERS),
    codeSecret: blankToNull(env.CODE_SECRET),
    servicesPort: Number.isInteger(port) && port > 0 && port < 65536 ? port : 4000,
    redisUrl: blankToNull(env.REDIS_URL),
    captcha: {
      provider: captchaProvider(env),
      altchaCost: positiveInt(env.ALTCHA_COST, 5000),
      altchaMaxCounter: positiveInt(env.ALTCHA_MAX_COUNTER, 3000),
      recaptchaSiteKey: blankToNull(env.RECAPTCHA_SITE_KEY),
      recaptchaSecret: blankToNull(env.RECAPTCHA_SECRET),
      recaptchaVerifyUrl: blankToNull(env.RECAPTCHA_VERIFY_URL) ?? "https://www.google.com/recaptcha/api/siteverify",
      recaptchaMinScore: Number.isFinite(minScore) && minScore >= 0 && minScore <= 1 ? minScore : 0.5,
      aliyunAppKey: blankToNull(env.ALIYUN_CAPTCHA_APP_KEY),
      aliyunAccessKeyId: blankToNull(env.ALIYUN_ACCESS_KEY_ID),
      aliyunAccessKeySecret: blankToNull(env.ALIYUN_ACCESS_KEY_SECRET),
      aliyunEndpoint: blankToNull(env.ALIYUN_CAPTCHA_ENDPOINT) ?? "https://afs.aliyuncs.com",
    },
  };
}

export function getConfig(): BackendConfig {
  return singleton(NAME, () => readConfig(process.env));
}

/** Forget the cached configuration so the next call reads the environment again (tests). */
export function resetConfig(): void {
  clearSingleton(NAME);
}
