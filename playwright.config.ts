import { generateKeyPairSync } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

/**
 * Ports of one run, all on 127.0.0.1 and derived from E2E_BASE_PORT (default 3100), so two
 * checkouts can run their suites side by side: the portal (+0), a portal whose services are
 * down (+1), a portal configured as in production (+2), an embeddable portal (+3), the SMTP
 * sink (+10), its HTTP mailbox (+11), the social sign-in
 * providers (+30 Google, +31 Facebook, +32 Apple), the messages portal on PostgreSQL (+40,
 * +41), the host and foreign sites of the embedding tests (+50, +51), and the portal the restart test
 * starts itself (+60). docs/testing.md lists
 * them.
 */
const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 3100);
const PORT = BASE_PORT;
/** A second portal whose services are unreachable (a closed loopback port), for the 1000/1002 messages. */
const DOWN_PORT = BASE_PORT + 1;
const CLOSED_PORT = 1;
const SMTP_PORT = BASE_PORT + 10;
const SMTP_HTTP_PORT = BASE_PORT + 11;
/** Keys the e2e portal runs with, so the tests can call the device side and know the SN passwords. */
export const SAFETY_DEVICE_API_KEY = "e2e-device-side-key-0123456789abcdef";
export const SN_PASSWORD_KEY = "passport-sn-test-key-0123456789abcdef";
/** Redemption codes made with the operator command before the portal starts (read by the exchange spec). */
export const CODE_FILES = { valid: ".e2e/codes-valid.csv", expired: ".e2e/codes-expired.csv", revoked: ".e2e/codes-revoked.csv" } as const;
// The specs' own helpers (the mailbox) read the sink's port from the environment.
process.env.SMTP_SINK_HTTP_PORT = String(SMTP_HTTP_PORT);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** One OpenID Connect provider per social channel (tests/e2e/support/oidc-providers.ts). */
export const OIDC_PROVIDERS = { google: BASE_PORT + 30, facebook: BASE_PORT + 31, apple: BASE_PORT + 32 } as const;
const issuer = (port: number) => `http://127.0.0.1:${port}`;
/** The portal's social settings: every provider at its test issuer; Apple signs its client secret with a key made for this run. */
const socialEnv = {
  SOCIAL_PROVIDERS: "google,facebook,apple",
  SOCIAL_GOOGLE_ISSUER: issuer(OIDC_PROVIDERS.google),
  SOCIAL_GOOGLE_CLIENT_ID: "e2e-google-client",
  SOCIAL_GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  SOCIAL_FACEBOOK_ISSUER: issuer(OIDC_PROVIDERS.facebook),
  SOCIAL_FACEBOOK_CLIENT_ID: "e2e-facebook-client",
  SOCIAL_FACEBOOK_CLIENT_SECRET: "e2e-facebook-secret",
  SOCIAL_APPLE_ISSUER: issuer(OIDC_PROVIDERS.apple),
  SOCIAL_APPLE_CLIENT_ID: "e2e.apple.client",
  SOCIAL_APPLE_TEAM_ID: "E2ETEAM001",
  SOCIAL_APPLE_KEY_ID: "E2EKEY0001",
  SOCIAL_APPLE_PRIVATE_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
};
export const DOWN_URL = `http://127.0.0.1:${DOWN_PORT}`;
/** A portal that tests/e2e/restart.spec.ts starts, stops and starts again itself, with other settings. */
export const RESTART_PORT = BASE_PORT + 60;
/**
 * A portal as in production: the default proof-of-work cost and no IP_LIMIT_EXEMPT, with its own
 * data directory in which the address PROD_BANNED_IP is banned before it starts (nothing else
 * runs there, so no other spec meets the ban). tests/e2e/production.spec.ts uses it.
 */
const PROD_PORT = BASE_PORT + 2;
export const PROD_URL = `http://127.0.0.1:${PROD_PORT}`;
export const PROD_BANNED_IP = "127.0.0.2";
/**
 * The main portal's run configuration (not a code path): the browsers' own address is exempt from
 * per-IP limits, since every spec shares it, and the proof of work is cheap, so the suite does not
 * spend minutes solving it on a busy machine. Only production.spec.ts pays the real cost.
 */
const TEST_RUN_ENV = { IP_LIMIT_EXEMPT: "127.0.0.1", ALTCHA_COST: "200", ALTCHA_MAX_COUNTER: "300" };
/**
 * Every portal of the run: quiet logs, and `-H localhost` (not -H 127.0.0.1: under a loopback
 * address Next takes the middleware's rewrite of the sign-in pages for an external one, see
 * docs/decisions.md) resolving to 127.0.0.1, the tests' address.
 */
const SERVER_ENV = { NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn", NODE_OPTIONS: "--dns-result-order=ipv4first" };
/**
 * Messages, announcements and analytics (+40, +41): a throwaway PostgreSQL and a portal on it,
 * so the operator commands those tests run (publishing, counting) work while the portal serves.
 */
const PG_PORT = BASE_PORT + 40;
const MESSAGES_PORT = BASE_PORT + 41;
export const MESSAGES_URL = `http://127.0.0.1:${MESSAGES_PORT}`;
export const MESSAGES_DATABASE_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;

/**
 * Embedding (docs/embedding.md): a portal that host sites may frame (+3), the allowlisted host
 * site on localhost (+50, another site than 127.0.0.1) and a foreign site on 127.0.0.2 (+51).
 * The same portal answers as a sibling site on localhost (+3) for third-party-cookie mode.
 */
const EMBED_PORT = BASE_PORT + 3;
const HOST_SITE_PORT = BASE_PORT + 50;
const FOREIGN_SITE_PORT = BASE_PORT + 51;
export const EMBED_PORTAL_URL = `http://127.0.0.1:${EMBED_PORT}`;
export const SIBLING_URL = `http://localhost:${EMBED_PORT}`;
export const HOST_SITE_URL = `http://localhost:${HOST_SITE_PORT}`;
export const FOREIGN_SITE_URL = `http://127.0.0.2:${FOREIGN_SITE_PORT}`;

/** Enterprise accounts the tests log in with, created in the fresh database before the portal starts. */
export const ENTERPRISES = {
  en: { account: "E2E-EN", email: "boss-en@acme.test", name: "Acme Lasers", file: ".e2e/enterprise-en.json" },
  zh: { account: "E2E-ZH", email: "boss-zh@acme.test", name: "艾克姆激光", file: ".e2e/enterprise-zh.json" },
} as const;

const admin = "DATA_DIR=.e2e/data npm run --silent admin --";
const benefit = `--benefit "XCS Pro, 1 year" --benefit-zh "XCS 专业版一年" --count 2`;
const createCodes = [
  `${admin} exchange:create ${benefit} --valid-days 30 --csv > ${CODE_FILES.valid}`,
  `${admin} exchange:create ${benefit} --valid-until 2020-01-31 --csv > ${CODE_FILES.expired}`,
  `${admin} exchange:create ${benefit} --valid-days 30 --csv > ${CODE_FILES.revoked}`,
  `for code in $(tail -n +2 ${CODE_FILES.revoked} | cut -d, -f1); do ${admin} exchange:revoke $code; done`,
].join(" && ");

const createEnterprises = Object.values(ENTERPRISES)
  .map((e) => `DATA_DIR=.e2e/data npm run --silent admin -- enterprise:create --account ${e.account} --email ${e.email} --name "${e.name}" --json > ${e.file}`)
  .join(" && ");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium; browsers are never downloaded (docs/testing.md).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "tsx tests/e2e/support/oidc-providers.ts",
      url: `${issuer(OIDC_PROVIDERS.apple)}/.well-known/openid-configuration`,
      env: {
        OIDC_PROVIDER_PORTS: Object.entries(OIDC_PROVIDERS).map(([channel, port]) => `${channel}:${port}`).join(","),
        // Google's provider is a standard one (oidc-provider), which checks its client's redirect URIs
        OIDC_GOOGLE_CLIENT_ID: socialEnv.SOCIAL_GOOGLE_CLIENT_ID,
        OIDC_GOOGLE_CLIENT_SECRET: socialEnv.SOCIAL_GOOGLE_CLIENT_SECRET,
        OIDC_GOOGLE_REDIRECT_URIS: ["127.0.0.1", "localhost"].map((host) => `http://${host}:${PORT}/v1/oauth/google/callback`).join(","),
      },
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      command: "tsx tests/e2e/support/smtp-sink.ts",
      url: `http://127.0.0.1:${SMTP_HTTP_PORT}/health`,
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_HTTP_PORT: String(SMTP_HTTP_PORT) },
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      // A production build with its own fresh data directory, the test enterprises and redemption codes.
      command: `rm -rf .e2e && mkdir -p .e2e && ${createEnterprises} && ${createCodes} && next start -H localhost -p ${PORT}`,
      url: `${BASE_URL}/en/login`,
      env: {
        PORT: String(PORT),
        DATA_DIR: ".e2e/data",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        ...SERVER_ENV,
        ...TEST_RUN_ENV,
        SAFETY_DEVICE_API_KEY,
        SN_PASSWORD_KEY,
        ...socialEnv,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
    {
      // its own data directory, made afresh: the ban is in place before the first request
      command: `rm -rf .e2e-prod && DATA_DIR=.e2e-prod npm run --silent admin -- ip:ban ${PROD_BANNED_IP} && next start -H localhost -p ${PROD_PORT}`,
      url: `${PROD_URL}/en/login`,
      env: {
        PORT: String(PROD_PORT),
        DATA_DIR: ".e2e-prod",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        ...SERVER_ENV,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
    {
      command: "tsx tests/e2e/support/host-site.ts",
      url: `http://127.0.0.1:${HOST_SITE_PORT}/health`,
      env: { HOST_SITE_PORT: String(HOST_SITE_PORT), FOREIGN_SITE_PORT: String(FOREIGN_SITE_PORT), EMBED_PORTAL_URL },
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      // The embeddable portal: its own data, the host site allowlisted, the sibling site for cookies.
      command: `rm -rf .e2e-embed && mkdir -p .e2e-embed && next start -H localhost -p ${EMBED_PORT}`,
      url: `${EMBED_PORTAL_URL}/en/login`,
      env: {
        PORT: String(EMBED_PORT),
        DATA_DIR: ".e2e-embed/data",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        EMBED_ALLOWED_ORIGINS: HOST_SITE_URL,
        COOKIE_SYNC_MODE: "redirect",
        COOKIE_SYNC_SITES: `${SIBLING_URL}=localhost`,
        COOKIE_SYNC_DOMAINS: "localhost",
        COOKIE_SYNC_TARGETS: `127.0.0.1:${EMBED_PORT},localhost:${EMBED_PORT}`,
        ...TEST_RUN_ENV,
        // accounts are made through the API in the tests: a cheap proof of work
        ALTCHA_COST: "50",
        ALTCHA_MAX_COUNTER: "30",
        ...SERVER_ENV,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
    {
      command: `next start -H localhost -p ${DOWN_PORT}`,
      url: `${DOWN_URL}/en/login`,
      env: {
        PORT: String(DOWN_PORT),
        PASSPORT_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
        USER_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
        MESSAGE_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
        DATA_DIR: ".e2e/unused",
        ...SERVER_ENV,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
    {
      command: "bash tests/e2e/support/postgres.sh",
      port: PG_PORT,
      env: { PG_PORT: String(PG_PORT) },
      // SIGTERM lets the script stop the server and remove its data
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `next start -H localhost -p ${MESSAGES_PORT}`,
      url: `${MESSAGES_URL}/en/login`,
      env: {
        PORT: String(MESSAGES_PORT),
        DATABASE_URL: MESSAGES_DATABASE_URL,
        DATA_DIR: ".e2e/messages-data",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // accounts are made through the API: a cheap proof of work (configuration, not a code path)
        ...SERVER_ENV,
        ...TEST_RUN_ENV,
        ALTCHA_COST: "50",
        ALTCHA_MAX_COUNTER: "30",
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
  ],
});
