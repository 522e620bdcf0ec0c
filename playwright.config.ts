import { defineConfig, devices } from "@playwright/test";

const PORT = 3100;
const SMTP_PORT = 2526;
const SMTP_HTTP_PORT = 2527;
export const BASE_URL = `http://127.0.0.1:${PORT}`;

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
      // A production build with its own fresh data directory.
      command: `rm -rf .e2e/data && next start -H 127.0.0.1 -p ${PORT}`,
      url: `${BASE_URL}/en/login`,
      env: {
        PORT: String(PORT),
        DATA_DIR: ".e2e/data",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        NEXT_TELEMETRY_DISABLED: "1",
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
  ],
});
