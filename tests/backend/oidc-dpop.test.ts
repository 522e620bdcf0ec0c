import { createHash, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import * as client from "openid-client";
import { registerUser } from "./support/harness";
import { authorization, Browser, newClient, providerPerTest, relyingParty, signInThroughProvider } from "./support/oidc";

/**
 * DPoP (RFC 9449): a public app that sends a proof of its own key gets tokens bound to that key.
 * The access token works only with a fresh proof of the key, and so does the refresh token: a
 * stolen token alone is worth nothing. Every proof must carry a nonce the provider gave
 * (DPoP-Nonce, RFC 9449 §8), so a proof made ahead of time is worth nothing either: openid-client
 * takes the nonce and tries again by itself; a hand-made proof shows each answer.
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

test("a proof without the provider's nonce is refused with use_dpop_nonce and a fresh DPoP-Nonce; a proof with it is accepted", async () => {
  const { utoken, uid } = await registerUser("nonce@example.com");
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const keys = await generateKeyPair("ES256", { extractable: true });
  const dpop = client.getDPoPHandle(config, keys);
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const started = await authorization(config, { scope: "openid", prompt: "consent" });
  const callback = await signInThroughProvider(browser, started);
  const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce, idTokenExpected: true }, undefined, { DPoP: dpop });

  const me = `${server.origin}/oidc/me`;
  const jwk = await exportJWK(keys.publicKey);
  const ath = createHash("sha256").update(tokens.access_token).digest("base64url");
  const proof = (nonce?: string) =>
    new SignJWT({ htm: "GET", htu: me, ath, jti: randomUUID(), ...(nonce ? { nonce } : {}) }).setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk }).setIssuedAt().sign(keys.privateKey);
  const bare = await fetch(me, { headers: { authorization: `DPoP ${tokens.access_token}`, dpop: await proof() } });
  expect(bare.status).toBe(401);
  expect(bare.headers.get("www-authenticate")).toMatch(/error="use_dpop_nonce"/);
  const nonce = bare.headers.get("dpop-nonce") ?? "";
  expect(nonce).not.toBe("");
  const made = await fetch(me, { headers: { authorization: `DPoP ${tokens.access_token}`, dpop: await proof(nonce) } });
  expect(made.status).toBe(200);
  expect(await made.json()).toMatchObject({ sub: uid });
  // a nonce the provider never gave is refused the same way
  const forged = await fetch(me, { headers: { authorization: `DPoP ${tokens.access_token}`, dpop: await proof("made-up-nonce") } });
  expect(forged.status).toBe(401);
  expect(forged.headers.get("www-authenticate")).toMatch(/error="use_dpop_nonce"/);
});
