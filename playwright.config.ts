import { generateKeyPairSync } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

/**
 * Ports of one run, all on 127.0.0.1 and derived from E2E_BASE_PORT (default 3100), so two
 * checkouts can run their suites side by side: the portal (+0), a portal whose services are
 * down (+1), the SMTP sink (+10) and its HTTP mailbox (+11), the social sign-in providers
 * (+20 Google, +21 Facebook, +22 Apple). docs/testing.md lists them.
 */
const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 3100);
const PORT = BASE_PORT;
/** A second portal whose services are unreachable (a closed loopback port), for the 1000/1002 messages. */
const DOWN_PORT = BASE_PORT + 1;
const CLOSED_PORT = 1;
const SMTP_PORT = BASE_PORT + 10;
const SMTP_HTTP_PORT = BASE_PORT + 11;
// The specs' own helpers (the mailbox) read the sink's port from the environment.
process.env.SMTP_SINK_HTTP_PORT = String(SMTP_HTTP_PORT);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** One OpenID Connect provider per social channel (tests/e2e/support/oidc-providers.ts). */
export const OIDC_PROVIDERS = { google: BASE_PORT + 20, facebook: BASE_PORT + 21, apple: BASE_PORT + 22 } as const;
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

/** Enterprise accounts the tests log in with, created in the fresh database before the portal starts. */
export const ENTERPRISES = {
  en: { account: "E2E-EN", email: "boss-en@acme.test", name: "Acme Lasers", file: ".e2e/enterprise-en.json" },
  zh: { account: "E2E-ZH", email: "boss-zh@acme.test", name: "艾克姆激光", file: ".e2e/enterprise-zh.json" },
} as const;

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
      // Debian's Chromium; browsers are never downloaded (TOOLCHAIN.md).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "tsx tests/e2e/support/oidc-providers.ts",
      url: `${issuer(OIDC_PROVIDERS.apple)}/.well-known/openid-configuration`,
      env: { OIDC_PROVIDER_PORTS: Object.entries(OIDC_PROVIDERS).map(([channel, port]) => `${channel}:${port}`).join(",") },
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
      // A production build with its own fresh data directory and the test enterprises.
      command: `rm -rf .e2e && mkdir -p .e2e && ${createEnterprises} && next start -H 127.0.0.1 -p ${PORT}`,
      url: `${BASE_URL}/en/login`,
      env: {
        PORT: String(PORT),
        DATA_DIR: ".e2e/data",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        NEXT_TELEMETRY_DISABLED: "1",
        ...socialEnv,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
    {
      command: `next start -H 127.0.0.1 -p ${DOWN_PORT}`,
      url: `${DOWN_URL}/en/login`,
      env: {
        PORT: String(DOWN_PORT),
        PASSPORT_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
        USER_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
        MESSAGE_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
        DATA_DIR: ".e2e/unused",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
  ],
});
