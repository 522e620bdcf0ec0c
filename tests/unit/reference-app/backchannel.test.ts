/**
 * @jest-environment node
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { LOGOUT_EVENT, verifyLogoutToken } from "@/tests/support/reference-app/backchannel";
import { startReferenceApp } from "@/tests/support/reference-app/app";
import { SessionStore } from "@/tests/support/reference-app/sessions";

/**
 * The reference app's back-channel logout receiver (docs/oidc.md): a logout token signed by the
 * provider's key, for this client, ends that user's sessions in the app; anything else is refused.
 * The provider is played here by a key of the test and a discovery document on loopback.
 */
const CLIENT = "reference-app";
let privateKey: CryptoKey;
let publicJwk: JWK;
let provider: Server;
let issuer = "";

beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256", use: "sig" };
  provider = createServer((request, response) => {
    const body =
      request.url === "/jwks"
        ? { keys: [publicJwk] }
        : { issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, response_types_supported: ["code"] };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

function logoutToken(claims: Record<string, unknown> = {}, key: CryptoKey = privateKey, aud = CLIENT): Promise<string> {
  return new SignJWT({ events: { [LOGOUT_EVENT]: {} }, sub: "user-1", sid: "sid-1", ...claims })
    .setProtectedHeader({ alg: "ES256", kid: "k1", typ: "logout+jwt" })
    .setIssuer(issuer)
    .setAudience(aud)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .sign(key);
}

const check = () => ({ issuer, clientId: CLIENT, keys: createLocalJWKSet({ keys: [publicJwk] }), seen: new Set<string>() });

describe("verifyLogoutToken", () => {
  it("accepts the provider's logout token and names the user and the provider session", async () => {
    await expect(verifyLogoutToken(await logoutToken(), check())).resolves.toEqual({ sub: "user-1", sid: "sid-1" });
  });

  it("refuses a token signed by another key, for another client, with a nonce, without the event, or replayed", async () => {
    const other = (await generateKeyPair("ES256")).privateKey;
    await expect(verifyLogoutToken(await logoutToken({}, other), check())).rejects.toThrow(/not a valid logout token/);
    await expect(verifyLogoutToken(await logoutToken({}, privateKey, "another-app"), check())).rejects.toThrow(/not a valid logout token/);
    await expect(verifyLogoutToken(await logoutToken({ nonce: "n" }), check())).rejects.toThrow(/no nonce/);
    await expect(verifyLogoutToken(await logoutToken({ events: {} }), check())).rejects.toThrow(/no back-channel logout event/);
    await expect(verifyLogoutToken(await logoutToken({ sub: undefined, sid: undefined }), check())).rejects.toThrow(/neither sub nor sid/);
    const once = check();
    const token = await logoutToken();
    await verifyLogoutToken(token, once);
    await expect(verifyLogoutToken(token, once)).rejects.toThrow(/used already/);
  });
});

describe("SessionStore.endFor", () => {
  function signedIn(store: SessionStore, sub: string, sid: string) {
    const session = store.create();
    session.user = { sub, sid, email: null, amr: [], lang: null, idToken: "id", refreshToken: null, previousRefreshToken: null };
    return session;
  }

  it("ends only the sessions of that provider session, or of that user when no sid is given", () => {
    const store = new SessionStore();
    const a = signedIn(store, "user-1", "sid-1");
    const b = signedIn(store, "user-1", "sid-2");
    const c = signedIn(store, "user-2", "sid-3");
    expect(store.endFor({ sub: "user-1", sid: "sid-1" })).toBe(1);
    expect([a.user, b.user === null, c.user === null]).toEqual([null, false, false]);
    expect(a.notice?.text).toMatch(/back-channel logout/);
    expect(store.endFor({ sub: "user-2" })).toBe(1);
    expect(c.user).toBeNull();
    expect(b.user?.sub).toBe("user-1");
  });
});

describe("POST /backchannel-logout", () => {
  it("answers 200 to the provider's logout token and 400 to a forged one", async () => {
    const app = await startReferenceApp({ issuer, clientId: CLIENT, clientSecret: "secret", port: 0 });
    try {
      const post = async (token: string) =>
        fetch(`${app.origin}/backchannel-logout`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ logout_token: token }) });
      const good = await post(await logoutToken());
      expect([good.status, good.headers.get("cache-control")]).toEqual([200, "no-store"]);
      const forged = await post(await logoutToken({}, (await generateKeyPair("ES256")).privateKey));
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ error: "invalid_request" });
    } finally {
      await app.close();
    }
  });
});
