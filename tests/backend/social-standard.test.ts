import { OPEN_TIMEOUT, call, startBackend, stopBackend } from "./support/harness";
import { newBrowser, PORTAL_CALLBACK, returnFromProvider, startSignIn } from "./support/social";
import { createServer } from "node:net";
import { signInAtStandardProvider } from "./support/standard-provider";
import { startStandardProvider, type StandardProvider } from "../support/standard-oidc-provider";
import { forgetProviderMetadata } from "@/lib/backend/social/providers";

/**
 * Social sign-in against a standard OpenID provider with its default claims (panva's
 * oidc-provider): the email is in its userinfo answer, not in the ID token, so the services read
 * userinfo; a new user gets an account with that email instead of being asked for one.
 */
let provider: StandardProvider | undefined;
const CLIENT = { clientId: "standard-web-client", clientSecret: "standard-secret", redirectUris: ["http://localhost:3000/v1/oauth/standard/callback"] };

/** A port the system picks (the provider's issuer names its port, so it is known before it starts). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

beforeAll(async () => {
  forgetProviderMetadata();
  provider = await startStandardProvider(await freePort(), [CLIENT]);
}, OPEN_TIMEOUT);
afterAll(async () => {
  await provider?.stop();
});
beforeEach(async () => {
  if (!provider) throw new Error("provider not started");
  await startBackend({
    SOCIAL_PROVIDERS: "standard",
    SOCIAL_STANDARD_ISSUER: provider.issuer,
    SOCIAL_STANDARD_CLIENT_ID: CLIENT.clientId,
    SOCIAL_STANDARD_CLIENT_SECRET: CLIENT.clientSecret,
  });
}, OPEN_TIMEOUT);
afterEach(stopBackend);

test("a new user of a provider that gives the email in userinfo only gets an account with that email, and signs in again", async () => {
  const browser = newBrowser();
  const started = await startSignIn(browser, "standard");
  expect(started.status).toBe(302);
  const callback = await signInAtStandardProvider(started.headers.get("location") ?? "", "Ada.Lovelace@Example.com");
  const back = await returnFromProvider(browser, { method: "GET", url: callback });
  expect(`${back.origin}${back.pathname}`).toBe(PORTAL_CALLBACK);
  // signed in at once with a new account: no "Add your email" ticket
  expect(back.searchParams.get("n")).toBe("1");
  expect(back.searchParams.get("lt")).toBeNull();
  const token = back.searchParams.get("ut") ?? "";
  expect(await call("GET", "/v1/user/basic", { token })).toMatchObject({ code: 0, data: { email: "ada.lovelace@example.com" } });

  const again = newBrowser();
  const second = await startSignIn(again, "standard");
  const returned = await returnFromProvider(again, { method: "GET", url: await signInAtStandardProvider(second.headers.get("location") ?? "", "Ada.Lovelace@Example.com") });
  expect(returned.searchParams.get("n")).toBeNull();
  expect(await call("GET", "/v1/user/basic", { token: returned.searchParams.get("ut") ?? "" })).toMatchObject({ data: { email: "ada.lovelace@example.com" } });
});
