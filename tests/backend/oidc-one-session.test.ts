import * as client from "openid-client";
import { call, registerUser } from "./support/harness";
import { authorization, Browser, CALLBACK, newClient, providerPerTest, redeem, relyingParty, signInThroughProvider } from "./support/oidc";

/**
 * One session: the provider's session in a browser follows the portal's sign-in there, and the
 * user's "end all sessions" reaches the apps (their grants and refresh tokens are revoked).
 */
const server = providerPerTest();

async function signedInToApp(email: string, extra: Record<string, string> = {}) {
  const { utoken } = await registerUser(email);
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const started = await authorization(config, extra);
  const tokens = await redeem(config, await signInThroughProvider(browser, started), started);
  return { utoken, config, browser, tokens };
}

test("after the user signs out of the portal, the app's silent sign-in in that browser gets login_required", async () => {
  const { utoken, config, browser } = await signedInToApp("signs-out@example.com");
  const before = await browser.follow((await authorization(config, { prompt: "none" })).url.href);
  expect(before.location?.searchParams.get("code")).toBeTruthy();

  expect(await call("POST", "/v1/user/logout", { token: utoken })).toMatchObject({ code: 0 });
  const after = await browser.follow((await authorization(config, { prompt: "none" })).url.href);
  expect(after.location?.href.startsWith(CALLBACK)).toBe(true);
  expect(after.location?.searchParams.get("error")).toBe("login_required");
  expect(after.location?.searchParams.get("code")).toBeNull();
});

test("another user signing in to the portal in that browser ends the first user's silent sign-in", async () => {
  const { config, browser } = await signedInToApp("first@example.com");
  browser.signInToPortal((await registerUser("second@example.com")).utoken);
  const silent = await browser.follow((await authorization(config, { prompt: "none" })).url.href);
  expect(silent.location?.href.startsWith(CALLBACK)).toBe(true);
  expect(silent.location?.searchParams.get("error")).toBe("login_required");
  expect(silent.location?.searchParams.get("code")).toBeNull();
});

test("'end all sessions' revokes the apps' refresh and access tokens", async () => {
  const { utoken, config, tokens } = await signedInToApp("ends-all@example.com", { scope: "openid offline_access", prompt: "consent" });
  const refreshToken = tokens.refresh_token ?? "";
  expect(refreshToken).not.toBe("");
  expect(await call("POST", "/v1/user/session/clear", { token: utoken, body: {} })).toMatchObject({ code: 0 });
  const refused = await client.refreshTokenGrant(config, refreshToken).then(() => null, (error: unknown) => error);
  expect(refused).toBeInstanceOf(client.ResponseBodyError);
  expect(refused instanceof client.ResponseBodyError ? refused.error : null).toBe("invalid_grant");
  expect((await fetch(`${server.origin}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
});
