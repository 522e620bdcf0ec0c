import { createRemoteJWKSet, jwtVerify } from "jose";
import * as client from "openid-client";
import { call, registerUser } from "./support/harness";
import { authorization, Browser, CALLBACK, newClient, providerPerTest, redeem, relyingParty, signInThroughProvider } from "./support/oidc";

/**
 * The authorization code flow as the OpenID Foundation's Basic OP plan drives it: a user signed
 * in to the portal signs in to an app by code flow with PKCE; state and nonce come back, `iss` is
 * in the authorization response (RFC 9207), the ID token is signed with a published key; userinfo
 * gives the account's claims. Without a portal sign-in the browser goes
 * to the portal's own sign-in page, in the app's language, and comes back after it.
 */
const server = providerPerTest();

test("a signed-in portal user signs in to an app: code with iss and state, a signed ID token with the nonce, userinfo", async () => {
  const { utoken, uid } = await registerUser("ada@example.com");
  expect(await call("PATCH", "/v1/user/otherinfo", { token: utoken, body: { nickname: "Ada", introduction: "" } })).toMatchObject({ code: 0 });
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);

  const started = await authorization(config);
  const callback = await signInThroughProvider(browser, started);
  expect(callback.searchParams.get("iss")).toBe(server.origin);
  expect(callback.searchParams.get("state")).toBe(started.state);
  expect(callback.searchParams.get("code")).toBeTruthy();

  const tokens = await redeem(config, callback, started);
  const claims = tokens.claims();
  expect(claims).toMatchObject({ iss: server.origin, sub: uid, aud: clientId, nonce: started.nonce });
  const verified = await jwtVerify(tokens.id_token ?? "", createRemoteJWKSet(new URL(`${server.origin}/oidc/jwks`)), { issuer: server.origin, audience: clientId });
  expect(verified.protectedHeader.alg).toBe("ES256");
  // at_hash is optional for an ID token from the token endpoint (Core §3.1.3.6): the provider
  // leaves it out, and the conformance plans check it only where it is present
  expect(verified.payload.at_hash).toBeUndefined();

  const info = await client.fetchUserInfo(config, tokens.access_token, uid);
  expect(info).toMatchObject({ sub: uid, email: "ada@example.com", email_verified: true, name: "Ada" });
});

test("without a portal sign-in the browser goes to the portal's sign-in page, in the app's language, and back to the app after it", async () => {
  const { clientId } = await newClient({ brand: "welder" });
  const config = await relyingParty(server.origin, clientId);
  const browser = new Browser(server.origin);

  for (const [locale, lang] of [["zh-CN", "zh"], ["en", "en"]] as const) {
    const started = await authorization(config, { ui_locales: locale });
    const { location } = await browser.follow(started.url.href);
    expect(location?.origin).toBe(server.origin);
    expect(location?.pathname).toBe(`/${lang}/login`);
    expect(location?.searchParams.get("p")).toBe("welder");
    const back = location?.searchParams.get("r") ?? "";
    expect(back).toMatch(new RegExp(`^${server.origin}/oidc/interaction/[\\w-]+$`));
    if (lang === "en") {
      // the portal's sign-in page signs the user in (its utoken cookie) and follows r
      const { utoken } = await registerUser("grace@example.com");
      browser.signInToPortal(utoken);
      // a link's prefetch (Next's router, a browser's speculation) is answered with nothing and
      // leaves the sign-in to the user's own navigation
      const prefetches: Record<string, string>[] = [{ rsc: "1", "next-router-prefetch": "1" }, { "sec-purpose": "prefetch" }];
      for (const headers of prefetches) expect((await browser.request(back, { headers })).status).toBe(204);
      const done = await browser.follow(back);
      expect(done.location?.href.startsWith(CALLBACK)).toBe(true);
      expect(done.location?.searchParams.get("state")).toBe(started.state);
      const tokens = await redeem(config, done.location ?? new URL(CALLBACK), started);
      expect(tokens.claims()?.email).toBeUndefined();
    }
  }
});

test("a portal sign-in that ended is not used: the browser is sent to sign in again", async () => {
  const { utoken } = await registerUser("ended@example.com");
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  expect(await call("POST", "/v1/user/logout", { token: utoken })).toMatchObject({ code: 0 });
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const { location } = await browser.follow((await authorization(config)).url.href);
  expect(location?.pathname).toBe("/en/login");
});

test("prompt=none: silent sign-in while the provider's session lives, login_required (with iss) when there is none", async () => {
  const { utoken } = await registerUser("silent@example.com");
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);

  const stranger = new Browser(server.origin);
  const refused = await stranger.follow((await authorization(config, { prompt: "none" })).url.href);
  expect(refused.location?.href.startsWith(CALLBACK)).toBe(true);
  expect(refused.location?.searchParams.get("error")).toBe("login_required");
  expect(refused.location?.searchParams.get("iss")).toBe(server.origin);

  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const first = await authorization(config);
  await redeem(config, await signInThroughProvider(browser, first), first);
  const silent = await authorization(config, { prompt: "none" });
  const callback = await signInThroughProvider(browser, silent);
  expect(callback.searchParams.get("error")).toBeNull();
  expect((await redeem(config, callback, silent)).claims()?.aud).toBe(clientId);
});
