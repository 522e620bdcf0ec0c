import { generateKeyPairSync } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { DATA_DIRS, SEEDED } from "./tests/e2e/support/fixtures";
import { type E2eServer, SERVERS_ENV, SERVERS_READY } from "./tests/e2e/support/server-set";

/** The fixtures (tests/e2e/support/fixtures.ts), read by the specs through this file. */
export { CODE_FILES, ENTERPRISES, OPERATOR_FILES, PROD_BANNED_IP, SUPPORT_OPERATOR_FILES } from "./tests/e2e/support/fixtures";

/**
 * Ports of one run, all on 127.0.0.1 and derived from E2E_BASE_PORT (default 3100), so two
 * checkouts can run their suites side by side: the portal (+0), a portal whose services are
 * down (+1), a portal configured as in production (+2), an embeddable portal (+3), the SMTP
 * sink (+10), its HTTP mailbox (+11), the social sign-in
 * providers (+30 Google, +31 Facebook, +32 Apple), the messages portal on PostgreSQL (+40,
 * +41), the host and foreign sites of the embedding tests (+50, +51), the portal the restart test
 * starts itself (+60), and the reference brand app of the OpenID journeys (+70). docs/testing.md lists
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
/** The SMTP sink, for a portal a spec starts itself (tests/e2e/support/own-server.ts). */
export const SMTP_SINK_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
/** Portals tests/e2e/server.spec.ts starts itself, one per way of binding (+60, +61, +62). */
export const OWN_SERVER_PORTS = [BASE_PORT + 60, BASE_PORT + 61, BASE_PORT + 62] as const;
// The specs' own helpers (the mailbox) read the sink's port from the environment.
process.env.SMTP_SINK_HTTP_PORT = String(SMTP_HTTP_PORT);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** One OpenID Connect provider per social channel (tests/e2e/support/oidc-providers.ts). */
export const OIDC_PROVIDERS = { google: BASE_PORT + 30, facebook: BASE_PORT + 31, apple: BASE_PORT + 32 } as const;
const issuer = (port: number) => `http://127.0.0.1:${port}`;
/** The portal's social settings: every provider at its test issuer; Apple signs its client secret with a key made for this run. */
export const socialEnv = {
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
/**
 * The reference brand app (tests/support/reference-app, docs/oidc.md) on its own origin, a client
 * of the main portal's OpenID Provider, registered in the main portal's database by seed.ts. The
 * provider's issuer is the main portal's default public origin, http://localhost:PORT.
 */
const REFAPP_PORT = BASE_PORT + 70;
export const REFAPP_URL = `http://127.0.0.1:${REFAPP_PORT}`;
export const PORTAL_ISSUER = `http://localhost:${PORT}`;
const REFAPP_CLIENT_FILE = ".e2e/reference-app-client.json";
/** A portal that tests/e2e/restart.spec.ts starts, stops and starts again itself, with other settings. */
export const RESTART_PORT = BASE_PORT + 63;
/** The portal tests/e2e/operations.spec.ts starts and stops itself (probes, metrics, draining). */
export const OPERATIONS_PORT = BASE_PORT + 64;
/**
 * A portal as in production: the default proof-of-work cost and no IP_LIMIT_EXEMPT, with its own
 * data directory in which the address PROD_BANNED_IP is banned before it starts (nothing else
 * runs there, so no other spec meets the ban). tests/e2e/production.spec.ts uses it.
 */
const PROD_PORT = BASE_PORT + 2;
export const PROD_URL = `http://127.0.0.1:${PROD_PORT}`;
/**
 * The main portal's run configuration (not a code path): the browsers' own address is exempt from
 * per-IP limits, since every spec shares it, and the proof of work is cheap, so the suite does not
 * spend minutes solving it on a busy machine. Only production.spec.ts pays the real cost.
 */
const TEST_RUN_ENV = { IP_LIMIT_EXEMPT: "127.0.0.1", ALTCHA_COST: "200", ALTCHA_MAX_COUNTER: "300" };
/**
 * Every portal of the run is the portal's own server (`.next/portal-server.js`, built from
 * server.ts: what `npm start` runs) on the production build: quiet logs, `localhost` resolving to 127.0.0.1, the tests' address. The main
 * portals bind 127.0.0.1, the embeddable one `localhost` (its sibling site is localhost);
 * tests/e2e/server.spec.ts signs in under each way of binding.
 */
const SERVER_ENV = { NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn", NODE_OPTIONS: "--dns-result-order=ipv4first" };
const serve = (host: string, port: number) => `node .next/portal-server.js -H ${host} -p ${port}`;
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
/**
 * FedCM (docs/fedcm.md): three brand sites (+80, +81, +82) on loopback sites other than the
 * embeddable portal's (its issuer is http://localhost:EMBED_PORT), each a registered app of it
 * (seed.ts) and allowed to frame it for the fallback. tests/e2e/support/fedcm-brands.ts.
 */
export const FEDCM_BRANDS = [
  { name: "Atomm", url: `http://127.0.0.1:${BASE_PORT + 80}` },
  { name: "Design Find", url: `http://127.0.0.2:${BASE_PORT + 81}` },
  { name: "Custom Things", url: `http://127.0.0.3:${BASE_PORT + 82}` },
] as const;

/**
 * How long start-servers.ts waits for each server to answer, from that server's start. Not a
 * measure of speed: a server that cannot start exits, and the run stops at once. The budget only
 * ends a start that hangs, so it is far above the slowest start seen on a busy 2-core machine
 * (about a minute).
 */
const START_TIMEOUT = Number(process.env.E2E_START_TIMEOUT_MS ?? 15 * 60_000);
/**
 * Where a portal with the embedded services is ready: a public read of the services' database,
 * answered once the server listens and the database is open and migrated (it opens in the
 * background, and a request waits for it), so no test pays for the opening.
 */
const ready = (origin: string) => `${origin}/message/v1/web/announcements`;

/**
 * Every server of the run, started side by side by tests/e2e/support/start-servers.ts (one
 * `webServer` entry below): each as soon as those in its `after` are ready. Playwright itself
 * starts a `webServer` list one after another, and the run's first test waited for the sum.
 */
const SERVERS: E2eServer[] = [
  {
    // Every portal's fresh data directory and fixtures, in one process (seed.ts), before the first portal starts.
    name: "fixtures",
    command: "tsx tests/e2e/support/seed.ts",
    ready: { stdout: SEEDED },
    env: { LOG_LEVEL: "warn", REFAPP_ORIGIN: REFAPP_URL, REFAPP_ISSUER: PORTAL_ISSUER, REFAPP_CLIENT_FILE, FEDCM_BRAND_ORIGINS: FEDCM_BRANDS.map(({ name, url }) => `${name}=${url}`).join(",") },
  },
  {
    name: "oidc-providers",
    command: "tsx tests/e2e/support/oidc-providers.ts",
    ready: { url: `${issuer(OIDC_PROVIDERS.apple)}/.well-known/openid-configuration` },
    env: {
      OIDC_PROVIDER_PORTS: Object.entries(OIDC_PROVIDERS).map(([channel, port]) => `${channel}:${port}`).join(","),
      // Google's provider is a standard one (oidc-provider), which checks its client's redirect URIs
      OIDC_GOOGLE_CLIENT_ID: socialEnv.SOCIAL_GOOGLE_CLIENT_ID,
      OIDC_GOOGLE_CLIENT_SECRET: socialEnv.SOCIAL_GOOGLE_CLIENT_SECRET,
      OIDC_GOOGLE_REDIRECT_URIS: ["127.0.0.1", "localhost"].map((host) => `http://${host}:${PORT}/v1/oauth/google/callback`).join(","),
    },
  },
  {
    name: "smtp-sink",
    command: "tsx tests/e2e/support/smtp-sink.ts",
    ready: { url: `http://127.0.0.1:${SMTP_HTTP_PORT}/health` },
    env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_HTTP_PORT: String(SMTP_HTTP_PORT) },
  },
  {
    name: "host-site",
    command: "tsx tests/e2e/support/host-site.ts",
    ready: { url: `http://127.0.0.1:${HOST_SITE_PORT}/health` },
    env: { HOST_SITE_PORT: String(HOST_SITE_PORT), FOREIGN_SITE_PORT: String(FOREIGN_SITE_PORT), EMBED_PORTAL_URL },
  },
  {
    // reads the brands' registrations seed.ts wrote
    name: "fedcm-brands",
    command: "tsx tests/e2e/support/fedcm-brands.ts",
    ready: { url: `${FEDCM_BRANDS[2].url}/health` },
    after: ["fixtures"],
    env: { FEDCM_ISSUER: SIBLING_URL, FEDCM_PORTAL_URL: EMBED_PORTAL_URL },
  },
  {
    // on SIGTERM the script stops the server and removes its data
    name: "postgres",
    command: "bash tests/e2e/support/postgres.sh",
    ready: { port: PG_PORT },
    env: { PG_PORT: String(PG_PORT) },
  },
  {
    // A production build with its own fresh data directory, the test enterprises and redemption codes (seed.ts).
    name: "portal",
    command: serve("127.0.0.1", PORT),
    ready: { url: ready(BASE_URL) },
    after: ["fixtures", "oidc-providers", "smtp-sink"],
    env: {
      PORT: String(PORT),
      DATA_DIR: DATA_DIRS.main,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ...SERVER_ENV,
      ...TEST_RUN_ENV,
      SAFETY_DEVICE_API_KEY,
      SN_PASSWORD_KEY,
      ...socialEnv,
    },
  },
  {
    // its client is in the main portal's database already (seed.ts): nothing is registered here;
    // it asks the portal for its OpenID configuration at the first sign-in, not at its start
    name: "reference-app",
    command: `tsx tests/support/reference-app/cli.ts --port ${REFAPP_PORT} --issuer ${PORTAL_ISSUER} --client-file ${REFAPP_CLIENT_FILE}`,
    ready: { url: `${REFAPP_URL}/health` },
    after: ["fixtures"],
    env: { ...SERVER_ENV },
  },
  {
    // its own data directory, made afresh with the ban in place (seed.ts)
    name: "production-portal",
    command: serve("127.0.0.1", PROD_PORT),
    ready: { url: ready(PROD_URL) },
    after: ["fixtures", "smtp-sink"],
    env: {
      PORT: String(PROD_PORT),
      DATA_DIR: DATA_DIRS.production,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ...SERVER_ENV,
    },
  },
  {
    // The embeddable portal: its own data, the host site allowlisted, the sibling site for cookies.
    name: "embed-portal",
    command: serve("localhost", EMBED_PORT),
    ready: { url: ready(EMBED_PORTAL_URL) },
    after: ["fixtures", "smtp-sink"],
    env: {
      PORT: String(EMBED_PORT),
      DATA_DIR: DATA_DIRS.embed,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      EMBED_ALLOWED_ORIGINS: [HOST_SITE_URL, ...FEDCM_BRANDS.map(({ url }) => url)].join(","),
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
  },
  {
    // its DATA_DIR is under .e2e, which seed.ts empties first
    name: "down-portal",
    command: serve("localhost", DOWN_PORT),
    ready: { url: `${DOWN_URL}/en/login` },
    after: ["fixtures"],
    env: {
      PORT: String(DOWN_PORT),
      PASSPORT_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
      USER_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
      MESSAGE_API_URL: `http://127.0.0.1:${CLOSED_PORT}`,
      DATA_DIR: ".e2e/unused",
      ...SERVER_ENV,
    },
  },
  {
    name: "messages-portal",
    command: serve("localhost", MESSAGES_PORT),
    ready: { url: ready(MESSAGES_URL) },
    after: ["fixtures", "smtp-sink", "postgres"],
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
  },
];

/**
 * Debian's Chromium, in two packages; browsers are never downloaded (docs/testing.md):
 * `chromium-headless-shell` for most specs, `chromium` for the few that need the browser itself
 * (BROWSER_SPECS). tests/e2e/support/ensure-chromium.sh installs both.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
/**
 * The specs that need the full browser. FedCM's account chooser and sign-in window are the
 * browser's own interface. In the shell (Chromium 156), `embed`'s Storage Access API test never
 * showed the frame's sign-in page, and `console-apps`' consent ended on `chrome-error://` where
 * the provider's redirect to the app's routed https callback should land; both pass in the browser.
 */
const BROWSER_SPECS = /(fedcm|embed|console-apps)\.spec\.ts$/;
const chromium = (executablePath: string) => ({
  executablePath,
  args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // no retries, on CI or anywhere: a test that passes only on its second try is a failure to fix
  // (eslint.config.mjs refuses a `retries` setting in the tests and this file)
  // the failure-context reporter prints the page a failed test saw: CI keeps only what is printed
  reporter: process.env.CI
    ? [["list"], ["./tests/e2e/support/failure-context-reporter.ts"]]
    : [["list"], ["./tests/e2e/support/failure-context-reporter.ts"], ["html", { open: "never" }]],
  // budgets that end a hang, not measures of speed: on a machine far busier than two CPU hogs
  // (load 28 on 2 cores) Chromium took 9 s to run a page whose requests took under one, and a
  // 10 s expectation and 60 s test failed on that alone (docs/testing.md, time limits)
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: BASE_URL,
    // no trace: recording one (a screencast and a DOM snapshot around every action) took a quarter
    // to a half of the screens' tests' time on a busy 2-core machine (docs/testing.md), and CI
    // keeps only what is printed (the failure-context reporter's page needs no trace). To keep one
    // while looking into a failure: `npx playwright test FILE --trace retain-on-failure`.
    trace: "off",
  },
  projects: [
    // Every other spec runs in Debian's headless shell: the same Chromium without the browser's
    // own windows, which took a third less CPU for the same tests (docs/testing.md)
    { name: "chromium", testIgnore: BROWSER_SPECS, use: { ...devices["Desktop Chrome"], launchOptions: chromium(HEADLESS_SHELL) } },
    { name: "chromium-browser", testMatch: BROWSER_SPECS, use: { ...devices["Desktop Chrome"], launchOptions: chromium(FULL_CHROMIUM) } },
  ],
  webServer: {
    name: "servers",
    command: "tsx tests/e2e/support/start-servers.ts",
    wait: { stdout: new RegExp(SERVERS_READY) },
    env: { [SERVERS_ENV]: JSON.stringify(SERVERS), E2E_START_TIMEOUT_MS: String(START_TIMEOUT) },
    // each server has START_TIMEOUT from its own start (start-servers.ts); this only ends a launcher that hangs
    timeout: START_TIMEOUT * SERVERS.length,
    // SIGTERM reaches every server (their process group): the portals close their databases, postgres.sh removes its data
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
