import * as client from "openid-client";
import { registerUser } from "./support/harness";
import { authorization, Browser, newClient, providerPerTest, relyingParty, signInThroughProvider } from "./support/oidc";

/**
 * DPoP (RFC 9449): a public app that sends a proof of its own key gets tokens bound to that key.
 * The access token works only with a fresh proof of the key, and so does the refresh token: a
 * stolen token alone is worth nothing. The app is openid-client with its DPoP handle.
 */
const server = providerPerTest();

test("a DPoP-bound access and refresh token work with a proof of the app's key and are refused without", async () => {
  const { utoken, uid } = await registerUser("bound@example.com");
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const dpop = client.getDPoPHandle(config, await client.randomDPoPKeyPair());
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const started = await authorization(config, { scope: "openid offline_access", prompt: "consent" });
  const callback = await signInThroughProvider(browser, started);
  const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce, idTokenExpected: true }, undefined, { DPoP: dpop });
  expect(tokens.token_type.toLowerCase()).toBe("dpop");

  // with a proof: the user's claims
  expect(await client.fetchUserInfo(config, tokens.access_token, uid, { DPoP: dpop })).toMatchObject({ sub: uid });
  // the token alone: as a bearer token it is not one (401); under the DPoP scheme the missing proof is a bad request (400)
  const me = `${server.origin}/oidc/me`;
  expect((await fetch(me, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
  expect((await fetch(me, { headers: { authorization: `DPoP ${tokens.access_token}` } })).status).toBe(400);

  // the refresh token is bound too: refused without a proof, honoured with one
  const refreshToken = tokens.refresh_token ?? "";
  const unproved = await client.refreshTokenGrant(config, refreshToken).then(() => null, (error: unknown) => error);
  expect(unproved instanceof client.ResponseBodyError ? unproved.error : unproved).toBe("invalid_grant");
  const renewed = await client.refreshTokenGrant(config, refreshToken, undefined, { DPoP: dpop });
  expect(renewed.token_type.toLowerCase()).toBe("dpop");
});
