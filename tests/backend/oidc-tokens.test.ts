import { exportJWK, generateKeyPair } from "jose";
import * as client from "openid-client";
import type { Backend } from "./support/harness";
import { OPEN_TIMEOUT, registerUser, stopBackend } from "./support/harness";
import { authorization, Browser, listenProvider, newClient, redeem, relyingParty, signInThroughProvider, startProviderBackend, type OidcServer } from "./support/oidc";

/**
 * The token endpoint as the conformance plans test it: a code is good once and for a minute (a
 * second use revokes what the first gave), refresh tokens rotate on every use and a rotated one
 * used again revokes the whole grant, confidential apps authenticate (client_secret_basic,
 * private_key_jwt) and may introspect and revoke their own tokens.
 */
let server: OidcServer;
let backend: Backend;
beforeAll(async () => {
  server = await listenProvider();
}, OPEN_TIMEOUT);
afterAll(() => server.close());
beforeEach(async () => {
  backend = await startProviderBackend(server);
}, OPEN_TIMEOUT);
afterEach(stopBackend);

async function signedInBrowser(email: string): Promise<Browser> {
  const browser = new Browser(server.origin);
  browser.signInToPortal((await registerUser(email)).utoken);
  return browser;
}

/** What the userinfo endpoint answers an access token: 200, or 401 once it is revoked. */
async function userinfoStatus(accessToken: string): Promise<number> {
  return (await fetch(`${server.origin}/oidc/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (error instanceof client.ResponseBodyError) return error.error;
  // a client authentication refused with 401 comes as a WWW-Authenticate challenge
  if (error instanceof client.WWWAuthenticateChallengeError) return String(error.cause[0]?.parameters.error);
  throw new Error(`expected a refusal, got ${String(error)}`);
}

test("a code used twice is refused, and the tokens of its first use are revoked", async () => {
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const started = await authorization(config);
  const callback = await signInThroughProvider(await signedInBrowser("twice@example.com"), started);
  const tokens = await redeem(config, callback, started);
  expect(await userinfoStatus(tokens.access_token)).toBe(200);
  expect(await refusal(redeem(config, callback, started))).toBe("invalid_grant");
  expect(await userinfoStatus(tokens.access_token)).toBe(401);
});

test("two requests racing with one code, or with one refresh token, get one set of tokens at most, and the grant ends", async () => {
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const started = await authorization(config, { scope: "openid offline_access", prompt: "consent" });
  const callback = await signInThroughProvider(await signedInBrowser("race@example.com"), started);
  const codeRace = await Promise.allSettled([redeem(config, callback, started), redeem(config, callback, started)]);
  const won = codeRace.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  expect(won.length).toBeLessThanOrEqual(1);
  for (const tokens of won) expect(await userinfoStatus(tokens.access_token)).toBe(401);

  const again = await authorization(config, { scope: "openid offline_access", prompt: "consent" });
  const tokens = await redeem(config, await signInThroughProvider(await signedInBrowser("race-refresh@example.com"), again), again);
  const refreshRace = await Promise.allSettled([client.refreshTokenGrant(config, tokens.refresh_token ?? ""), client.refreshTokenGrant(config, tokens.refresh_token ?? "")]);
  const renewed = refreshRace.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  expect(renewed.length).toBeLessThanOrEqual(1);
  for (const set of renewed) {
    expect(await userinfoStatus(set.access_token)).toBe(401);
    expect(await refusal(client.refreshTokenGrant(config, set.refresh_token ?? ""))).toBe("invalid_grant");
  }
  for (const refused of refreshRace.flatMap((result) => (result.status === "rejected" ? [result.reason] : []))) {
    expect(refused).toBeInstanceOf(client.ResponseBodyError);
  }
});

test("a code lives a minute at most", async () => {
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const started = await authorization(config);
  const callback = await signInThroughProvider(await signedInBrowser("late@example.com"), started);
  backend.advance(61);
  expect(await refusal(redeem(config, callback, started))).toBe("invalid_grant");
});

test("a wrong PKCE verifier is refused and the code gives nothing", async () => {
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const started = await authorization(config);
  const callback = await signInThroughProvider(await signedInBrowser("verifier@example.com"), started);
  expect(await refusal(redeem(config, callback, { ...started, verifier: client.randomPKCECodeVerifier() }))).toBe("invalid_grant");
});

test("offline_access: refresh tokens rotate on every use, and a rotated one used again revokes the grant", async () => {
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  // offline_access is granted on prompt=consent (Core §11); a first-party app is not shown a consent screen
  const started = await authorization(config, { scope: "openid offline_access", prompt: "consent" });
  const tokens = await redeem(config, await signInThroughProvider(await signedInBrowser("offline@example.com"), started), started);
  const first = tokens.refresh_token ?? "";
  expect(first).not.toBe("");

  const renewed = await client.refreshTokenGrant(config, first);
  const second = renewed.refresh_token ?? "";
  expect(second).not.toBe("");
  expect(second).not.toBe(first);
  expect(await userinfoStatus(renewed.access_token)).toBe(200);

  // the stolen first token, used again: refused, and everything of the grant dies with it
  expect(await refusal(client.refreshTokenGrant(config, first))).toBe("invalid_grant");
  expect(await refusal(client.refreshTokenGrant(config, second))).toBe("invalid_grant");
  expect(await userinfoStatus(renewed.access_token)).toBe(401);
});

test("without offline_access no refresh token is issued", async () => {
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const started = await authorization(config);
  const tokens = await redeem(config, await signInThroughProvider(await signedInBrowser("online@example.com"), started), started);
  expect(tokens.refresh_token).toBeUndefined();
});

test("client_secret_basic: a wrong secret is refused; the app introspects and revokes its own token; a public app may not introspect", async () => {
  const { clientId, secret } = await newClient({ kind: "client_secret_basic" });
  const config = await relyingParty(server.origin, clientId, client.ClientSecretBasic(secret ?? ""));
  const started = await authorization(config);
  const callback = await signInThroughProvider(await signedInBrowser("server-app@example.com"), started);

  const forged = await relyingParty(server.origin, clientId, client.ClientSecretBasic("not-the-secret"));
  expect(await refusal(redeem(forged, callback, started))).toBe("invalid_client");
  const tokens = await redeem(config, callback, started);

  expect(await client.tokenIntrospection(config, tokens.access_token)).toMatchObject({ active: true, client_id: clientId });
  const other = await newClient();
  const publicApp = await relyingParty(server.origin, other.clientId);
  expect((await client.tokenIntrospection(publicApp, tokens.access_token).catch(() => ({ active: false }))).active).toBe(false);

  await client.tokenRevocation(config, tokens.access_token);
  expect(await client.tokenIntrospection(config, tokens.access_token)).toMatchObject({ active: false });
  expect(await userinfoStatus(tokens.access_token)).toBe(401);
});

test("private_key_jwt: the app signs in with its key; another key is refused", async () => {
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "app-key-1", alg: "ES256", use: "sig" };
  const { clientId } = await newClient({ kind: "private_key_jwt", jwks: { keys: [jwk] } });
  const config = await relyingParty(server.origin, clientId, client.PrivateKeyJwt({ key: privateKey, kid: "app-key-1" }));
  const started = await authorization(config);
  const callback = await signInThroughProvider(await signedInBrowser("keyed-app@example.com"), started);

  const stranger = await generateKeyPair("ES256");
  const forged = await relyingParty(server.origin, clientId, client.PrivateKeyJwt({ key: stranger.privateKey, kid: "app-key-1" }));
  expect(await refusal(redeem(forged, callback, started))).toBe("invalid_client");
  expect((await redeem(config, callback, started)).claims()?.aud).toBe(clientId);
});
