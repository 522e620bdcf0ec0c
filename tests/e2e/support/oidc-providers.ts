/**
 * The social sign-in providers of an end-to-end run: one real OpenID Connect provider per
 * channel on loopback (tests/support/oidc-provider.ts), at the ports playwright.config.ts
 * derives from E2E_BASE_PORT and hands over in OIDC_PROVIDER_PORTS ("google:3320,…").
 * Started and stopped by Playwright's webServer, by its own process.
 */
import { TestProvider } from "../../support/oidc-provider";

const TITLES: Record<string, string> = { google: "Google", facebook: "Facebook", apple: "Apple" };

async function main(): Promise<void> {
  const entries = (process.env.OIDC_PROVIDER_PORTS ?? "").split(",").filter(Boolean).map((entry) => entry.split(":"));
  const running: TestProvider[] = [];
  // One after another: the last one's discovery answering tells Playwright all are up.
  for (const [channel = "", port = ""] of entries) running.push(await TestProvider.start(Number(port), TITLES[channel] ?? channel));
  const stop = () => {
    void Promise.all(running.map((provider) => provider.stop())).finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

void main();
