/**
 * The social sign-in providers of an end-to-end run: one real OpenID Connect provider per
 * channel on loopback (tests/support/oidc-provider.ts; Google's is a standard one, below), at the ports playwright.config.ts
 * derives from E2E_BASE_PORT and hands over in OIDC_PROVIDER_PORTS ("google:3320,…").
 * Started and stopped by Playwright's webServer, by its own process.
 */
import { TestProvider } from "../../support/oidc-provider";
import { startStandardProvider, type StandardProvider } from "../../support/standard-oidc-provider";

const TITLES: Record<string, string> = { google: "Google", facebook: "Facebook", apple: "Apple" };

/**
 * Google is played by a standard provider with its default claims (panva's oidc-provider,
 * tests/support/standard-oidc-provider.ts: the email in userinfo only, its development login and
 * consent pages), its client and redirect URIs handed over by playwright.config.ts.
 */
const STANDARD = {
  channel: "google",
  client: {
    clientId: process.env.OIDC_GOOGLE_CLIENT_ID ?? "",
    clientSecret: process.env.OIDC_GOOGLE_CLIENT_SECRET ?? "",
    redirectUris: (process.env.OIDC_GOOGLE_REDIRECT_URIS ?? "").split(",").filter(Boolean),
  },
};

async function main(): Promise<void> {
  const entries = (process.env.OIDC_PROVIDER_PORTS ?? "").split(",").filter(Boolean).map((entry) => entry.split(":"));
  const running: (TestProvider | StandardProvider)[] = [];
  // One after another: the last one's discovery answering tells Playwright all are up.
  for (const [channel = "", port = ""] of entries) {
    running.push(channel === STANDARD.channel ? await startStandardProvider(Number(port), [STANDARD.client]) : await TestProvider.start(Number(port), TITLES[channel] ?? channel));
  }
  const stop = () => {
    void Promise.all(running.map((provider) => provider.stop())).finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

void main();
