import { defineConfig, devices } from "@playwright/test";

/**
 * Ports of one run, all on 127.0.0.1 and derived from E2E_BASE_PORT (default 3100), so two
 * checkouts can run their suites side by side: the portal (+0), a portal whose services are
 * down (+1), the SMTP sink (+10) and its HTTP mailbox (+11). docs/testing.md lists them.
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
export const DOWN_URL = `http://127.0.0.1:${DOWN_PORT}`;

/**
 * Embedding (docs/embedding.md): a portal that host sites may frame (+2), the allowlisted host
 * site on localhost (+20, another site than 127.0.0.1) and a foreign site on 127.0.0.2 (+21).
 * The same portal answers as a sibling site on localhost (+2) for third-party-cookie mode.
 */
const EMBED_PORT = BASE_PORT + 2;
const HOST_SITE_PORT = BASE_PORT + 20;
const FOREIGN_SITE_PORT = BASE_PORT + 21;
export const EMBED_PORTAL_URL = `http://127.0.0.1:${EMBED_PORT}`;
export const SIBLING_URL = `http://localhost:${EMBED_PORT}`;
export const HOST_SITE_URL = `http://localhost:${HOST_SITE_PORT}`;
export const FOREIGN_SITE_URL = `http://127.0.0.2:${FOREIGN_SITE_PORT}`;

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
        LOG_LEVEL: "warn",
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
      command: `rm -rf .e2e-embed && mkdir -p .e2e-embed && next start -H 127.0.0.1 -p ${EMBED_PORT}`,
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
        // accounts are made through the API in the tests: a cheap proof of work
        ALTCHA_COST: "50",
        ALTCHA_MAX_COUNTER: "30",
        NEXT_TELEMETRY_DISABLED: "1",
        LOG_LEVEL: "warn",
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
