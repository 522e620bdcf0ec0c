import * as client from "openid-client";
import { registerUser } from "./support/harness";
import { authorization, Browser, newClient, providerPerTest, redeem, relyingParty, signInThroughProvider } from "./support/oidc";
import { statementsOf } from "./support/statements";

/**
 * What one refresh costs the database (docs/performance.md, "What one refresh costs"): the app
 * read, the refresh token read together with its grant and its account, the token consumed, and
 * the new refresh token and access token stored. Counted at the driver; a
 * statement added to this path shows here before it shows in the bench.
 */
const provider = providerPerTest({ BULK_RUNNER_INTERVAL_SECONDS: "0" });

test("a refresh rotates the token with five statements: the app, the token with its grant and account, the consume, two inserts", async () => {
  const { clientId } = await newClient();
  const config = await relyingParty(provider.origin, clientId);
  const started = await authorization(config, { scope: "openid email offline_access", prompt: "consent" });
  const browser = new Browser(provider.origin);
  browser.signInToPortal((await registerUser("refresh-cost@example.com")).utoken);
  const tokens = await redeem(config, await signInThroughProvider(browser, started), started);
  // the first refresh of a database prepares its statements; the second is what every later one costs
  const first = await client.refreshTokenGrant(config, tokens.refresh_token ?? "");

  let second: client.TokenEndpointResponse | undefined;
  const statements = await statementsOf(async () => {
    second = await client.refreshTokenGrant(config, first.refresh_token ?? "");
  });

  expect(second?.refresh_token).toEqual(expect.any(String));
  expect(second?.refresh_token).not.toBe(first.refresh_token);
  expect(second?.id_token).toEqual(expect.any(String));
  expect(statements).toBe(5);
});
