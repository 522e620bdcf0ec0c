import * as client from "openid-client";
import { removeAppAccess } from "@/lib/backend/oidc/app-access";
import { oidcProvider } from "@/lib/backend/oidc/provider";
import { providerSessionsOf } from "@/lib/backend/oidc/revoke";
import { call, OPEN_TIMEOUT, registerUser } from "./support/harness";
import { BACKCHANNEL_LOGOUT_EVENT, listenLogoutReceiver, logoutTokenAfter, verifiedLogoutToken, type LogoutReceiver } from "./support/logout-receiver";
import { CALLBACK, newClient, providerPerTest, relyingParty } from "./support/oidc";

/**
 * The passport as a FedCM identity provider (docs/fedcm.md), driven as the browser drives it:
 * every request marked `Sec-Fetch-Dest: webidentity`, the accounts and assertion requests with the
 * portal's cookie, the assertion and disconnect with the brand page's Origin. The assertion's token
 * is an authorization code of the OpenID Provider, redeemed at its token endpoint by openid-client.
 */
const server = providerPerTest();
const BRAND = "https://brand.example";
const WEBIDENTITY = { "sec-fetch-dest": "webidentity" };
// the brand app's back-channel logout URI
let receiver: LogoutReceiver;
beforeAll(async () => {
  receiver = await listenLogoutReceiver();
}, OPEN_TIMEOUT);
afterAll(() => receiver.close());

type Sent = { path: string; utoken?: string; origin?: string; form?: Record<string, string>; headers?: Record<string, string> };

async function fedcm({ path, utoken, origin, form, headers }: Sent): Promise<{ status: number; body: unknown; headers: Headers }> {
  const sent = new Headers({ ...WEBIDENTITY, ...headers });
  if (utoken) sent.set("cookie", `utoken=${utoken}`);
  if (origin) sent.set("origin", origin);
  if (form) sent.set("content-type", "application/x-www-form-urlencoded");
  const response = await fetch(`${server.origin}${path}`, { method: form ? "POST" : "GET", headers: sent, body: form ? new URLSearchParams(form) : undefined });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const refused = (code: string) => ({ error: { code } });

async function pkce() {
  const verifier = client.randomPKCECodeVerifier();
  return { verifier, challenge: await client.calculatePKCECodeChallenge(verifier) };
}

/** The brand's server: the code redeemed at the token endpoint, the ID token checked by openid-client. */
async function redeem(config: client.Configuration, code: string, checks: { verifier?: string; nonce?: string }) {
  const callback = new URL(`${CALLBACK}?${new URLSearchParams({ code, iss: server.origin })}`);
  return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: checks.verifier, expectedNonce: checks.nonce, idTokenExpected: true });
}

test("the well-known file, the config and the client metadata answer the browser's FedCM requests only, in the browser's language", async () => {
  const wellKnown = await fedcm({ path: "/.well-known/web-identity" });
  const loginUrl = `${server.origin}/login?${new URLSearchParams({ r: `${server.origin}/signed-in` })}`;
  // the accounts endpoint and the login URL as the config names them (Chromium compares them)
  expect(wellKnown).toMatchObject({
    status: 200,
    body: { provider_urls: [`${server.origin}/oidc/fedcm/config.json`], accounts_endpoint: `${server.origin}/oidc/fedcm/accounts`, login_url: loginUrl },
  });
  const config = await fedcm({ path: "/oidc/fedcm/config.json", headers: { "accept-language": "zh-CN,zh;q=0.9" } });
  expect(config.body).toMatchObject({
    accounts_endpoint: `${server.origin}/oidc/fedcm/accounts`,
    id_assertion_endpoint: "/oidc/fedcm/assertion",
    disconnect_endpoint: "/oidc/fedcm/disconnect",
    login_url: loginUrl,
    branding: { background_color: "#28BE44", color: "#05290F", name: "通行证" },
  });
  for (const path of ["/.well-known/web-identity", "/oidc/fedcm/config.json", "/oidc/fedcm/accounts"]) {
    expect(await fedcm({ path, headers: { "sec-fetch-dest": "document" } })).toMatchObject({ status: 400, body: refused("invalid_request") });
  }

  const { clientId } = await newClient({ origins: [BRAND], privacyUrl: `${BRAND}/privacy`, termsUrl: `${BRAND}/terms` });
  const metadata = `/oidc/fedcm/client_metadata?client_id=${clientId}`;
  expect(await fedcm({ path: metadata, origin: BRAND })).toMatchObject({ status: 200, body: { privacy_policy_url: `${BRAND}/privacy`, terms_of_service_url: `${BRAND}/terms` } });
  expect(await fedcm({ path: metadata, origin: "https://elsewhere.example" })).toMatchObject({ status: 400, body: refused("unauthorized_client") });
  expect(await fedcm({ path: "/oidc/fedcm/client_metadata?client_id=nobody", origin: BRAND })).toMatchObject({ status: 400, body: refused("unauthorized_client") });
});

test("a first-party app gets a code for the signed-in user, redeemable once with its PKCE verifier; every other request is refused", async () => {
  const { utoken, uid } = await registerUser("fedcm-ada@example.com");
  const { clientId } = await newClient({ origins: [BRAND] });
  const signedOut = await fedcm({ path: "/oidc/fedcm/accounts" });
  expect(signedOut).toMatchObject({ status: 401, body: refused("access_denied") });
  expect(signedOut.headers.get("set-login")).toBe("logged-out");
  const accounts = await fedcm({ path: "/oidc/fedcm/accounts", utoken });
  expect(accounts.body).toEqual({ accounts: [expect.objectContaining({ id: uid, email: "fedcm-ada@example.com", approved_clients: [] })] });

  const { verifier, challenge } = await pkce();
  const params = JSON.stringify({ code_challenge: challenge, code_challenge_method: "S256", nonce: "n-0123456789" });
  const form = { client_id: clientId, account_id: uid, params, disclosure_text_shown: "true", is_auto_selected: "false" };
  const cases: [Sent, number, string][] = [
    [{ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form, headers: { "sec-fetch-dest": "empty" } }, 400, "invalid_request"],
    [{ path: "/oidc/fedcm/assertion", utoken, origin: "https://elsewhere.example", form }, 403, "unauthorized_client"],
    [{ path: "/oidc/fedcm/assertion", utoken, form }, 403, "unauthorized_client"],
    [{ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form: { ...form, client_id: "unknown-client" } }, 403, "unauthorized_client"],
    [{ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form: { ...form, params: "{not json" } }, 400, "invalid_request"],
    [{ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form: { client_id: clientId } }, 400, "invalid_request"],
    // a public app without a PKCE challenge
    [{ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form: { ...form, params: "{}" } }, 400, "invalid_request"],
    [{ path: "/oidc/fedcm/assertion", origin: BRAND, form }, 401, "access_denied"],
    [{ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form: { ...form, account_id: "someone-else" } }, 403, "access_denied"],
  ];
  for (const [sent, status, code] of cases) expect({ case: sent, ...(await fedcm(sent)) }).toMatchObject({ status, body: refused(code) });

  const answer = await fedcm({ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("access-control-allow-origin")).toBe(BRAND);
  expect(answer.headers.get("access-control-allow-credentials")).toBe("true");
  const token = (answer.body as { token: string }).token;
  const config = await relyingParty(server.origin, clientId);
  await expect(redeem(config, token, { verifier: "a".repeat(43), nonce: "n-0123456789" })).rejects.toMatchObject({ error: "invalid_grant" });
  const fresh = (await fedcm({ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form })).body as { token: string };
  const tokens = await redeem(config, fresh.token, { verifier, nonce: "n-0123456789" });
  expect(tokens.claims()).toMatchObject({ iss: server.origin, sub: uid, aud: clientId, nonce: "n-0123456789" });
  expect(await client.fetchUserInfo(config, tokens.access_token, uid)).toMatchObject({ sub: uid });
  // the app is now one the user has used
  expect((await fedcm({ path: "/oidc/fedcm/accounts", utoken })).body).toEqual({ accounts: [expect.objectContaining({ approved_clients: [clientId] })] });
  // the assertion replayed: the code was used, and the provider revokes what it gave
  await expect(redeem(config, fresh.token, { verifier, nonce: "n-0123456789" })).rejects.toMatchObject({ error: "invalid_grant" });
  await expect(client.fetchUserInfo(config, tokens.access_token, uid)).rejects.toMatchObject({ status: 401 });
});

test("a third-party app gets a code only after the user allowed it, and only what was allowed; a disconnect ends that", async () => {
  const { utoken, uid } = await registerUser("fedcm-grace@example.com");
  const { clientId, secret } = await newClient({ kind: "client_secret_basic", firstParty: false, origins: [BRAND] });
  const form = { client_id: clientId, account_id: uid, params: JSON.stringify({ scope: "openid email profile" }), disclosure_text_shown: "true", is_auto_selected: "false" };
  expect(await fedcm({ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form })).toMatchObject({ status: 403, body: refused("access_denied") });

  // the user allowed openid and email on the app's consent screen (oidc-consent.test.ts)
  const { provider } = await oidcProvider();
  const grant = new provider.Grant({ accountId: uid, clientId });
  grant.addOIDCScope("openid email");
  await grant.save();
  const answer = await fedcm({ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form });
  expect(answer.status).toBe(200);
  const config = await relyingParty(server.origin, clientId, client.ClientSecretBasic(secret ?? ""));
  const tokens = await redeem(config, (answer.body as { token: string }).token, {});
  expect(tokens.scope?.split(" ").sort()).toEqual(["email", "openid"]);
  expect(await client.fetchUserInfo(config, tokens.access_token, uid)).toMatchObject({ sub: uid, email: "fedcm-grace@example.com" });

  const disconnect = { client_id: clientId, account_hint: uid };
  expect(await fedcm({ path: "/oidc/fedcm/disconnect", utoken, origin: "https://elsewhere.example", form: disconnect })).toMatchObject({ status: 403, body: refused("unauthorized_client") });
  expect(await fedcm({ path: "/oidc/fedcm/disconnect", utoken, origin: BRAND, form: disconnect })).toMatchObject({ status: 200, body: { account_id: uid } });
  expect(await fedcm({ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form })).toMatchObject({ status: 403, body: refused("access_denied") });
  // what the grant gave before the disconnect ends with it
  await expect(client.fetchUserInfo(config, tokens.access_token, uid)).rejects.toMatchObject({ status: 401 });
});

/** A FedCM sign-in of a public first-party app with a back-channel logout URI, redeemed by the brand's server. */
async function fedcmSignIn(email: string) {
  const { utoken, uid } = await registerUser(email);
  const { clientId } = await newClient({ origins: [BRAND], backchannelLogoutUri: receiver.url });
  const config = await relyingParty(server.origin, clientId);
  const signIn = async () => {
    const { verifier, challenge } = await pkce();
    const form = { client_id: clientId, account_id: uid, params: JSON.stringify({ code_challenge: challenge, code_challenge_method: "S256", nonce: "n-0123456789" }) };
    const answer = await fedcm({ path: "/oidc/fedcm/assertion", utoken, origin: BRAND, form });
    expect(answer.status).toBe(200);
    return redeem(config, (answer.body as { token: string }).token, { verifier, nonce: "n-0123456789" });
  };
  return { utoken, uid, clientId, config, signIn };
}

test("a FedCM sign-in belongs to a provider session: the portal's sign-out sends the app a logout token with its sid, and its tokens end", async () => {
  const { utoken, uid, clientId, config, signIn } = await fedcmSignIn("fedcm-leaves@example.com");
  const tokens = await signIn();
  const sid = tokens.claims()?.sid;
  expect(typeof sid).toBe("string");
  // signed in again through FedCM during the same portal sign-in: the same session
  expect((await signIn()).claims()?.sid).toBe(sid);

  const token = await logoutTokenAfter(receiver, sid, async () => expect(await call("POST", "/v1/user/logout", { token: utoken })).toMatchObject({ code: 0 }));
  const payload = await verifiedLogoutToken(token, server.origin, clientId);
  expect(payload).toMatchObject({ iss: server.origin, aud: clientId, sub: uid, sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } });
  await expect(client.fetchUserInfo(config, tokens.access_token, uid)).rejects.toMatchObject({ status: 401 });
});

test("taking a FedCM-signed-in app's access back on the security page sends it a logout token too", async () => {
  const { uid, clientId, config, signIn } = await fedcmSignIn("fedcm-removes@example.com");
  const tokens = await signIn();
  const sid = tokens.claims()?.sid;
  const token = await logoutTokenAfter(receiver, sid, () => removeAppAccess(uid, clientId));
  expect(await verifiedLogoutToken(token, server.origin, clientId)).toMatchObject({ sub: uid, sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } });
  await expect(client.fetchUserInfo(config, tokens.access_token, uid)).rejects.toMatchObject({ status: 401 });
});

test("a disconnect from the brand's page sends the app a logout token, and its provider session forgets it", async () => {
  const { utoken, uid, clientId, config, signIn } = await fedcmSignIn("fedcm-disconnects@example.com");
  const tokens = await signIn();
  const sid = tokens.claims()?.sid;
  expect((await providerSessionsOf(uid)).some((session) => clientId in session.authorizations)).toBe(true);
  const disconnect = async () => expect(await fedcm({ path: "/oidc/fedcm/disconnect", utoken, origin: BRAND, form: { client_id: clientId, account_hint: uid } })).toMatchObject({ status: 200, body: { account_id: uid } });
  const token = await logoutTokenAfter(receiver, sid, disconnect);
  // the session forgets the app, so a later sign-out of the portal has nothing more to tell it
  expect((await providerSessionsOf(uid)).some((session) => clientId in session.authorizations)).toBe(false);
  expect(await verifiedLogoutToken(token, server.origin, clientId)).toMatchObject({ sub: uid, sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } });
  await expect(client.fetchUserInfo(config, tokens.access_token, uid)).rejects.toMatchObject({ status: 401 });
});
