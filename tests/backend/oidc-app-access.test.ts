import * as client from "openid-client";
import { call, registerUser } from "./support/harness";
import { authorization, Browser, newClient, providerPerTest, redeem, relyingParty, signInThroughProvider } from "./support/oidc";

/**
 * The apps with access to an account (GET /v1/user/apps) and taking one back
 * (DELETE /v1/user/apps/{clientId}): the app's refresh token dies, the other app's lives, the
 * portal's own session stays, and nothing of another account is touched.
 */
const server = providerPerTest();

async function signInToApp(utoken: string, name: string) {
  const { clientId, secret } = await newClient({ kind: "client_secret_basic", name });
  const config = await relyingParty(server.origin, clientId, client.ClientSecretBasic(secret ?? ""));
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const started = await authorization(config, { scope: "openid email offline_access", prompt: "consent" });
  const tokens = await redeem(config, await signInThroughProvider(browser, started), started);
  return { clientId, config, refreshToken: tokens.refresh_token ?? "" };
}

async function active(config: client.Configuration, token: string): Promise<unknown> {
  return (await client.tokenIntrospection(config, token)).active;
}

test("a user sees the apps with access and takes one back; the other app and the portal session stay", async () => {
  const { utoken } = await registerUser("apps-owner@example.com");
  const atlas = await signInToApp(utoken, "Atlas Studio");
  const beam = await signInToApp(utoken, "Beam Viewer");

  const listed = await call("GET", "/v1/user/apps", { token: utoken });
  expect(listed.code).toBe(0);
  const apps = (listed.data as { apps: Array<{ clientId: string; name: string; scopes: string[]; offline: boolean; since: string | null }> }).apps;
  expect(apps.map((app) => app.name).sort()).toEqual(["Atlas Studio", "Beam Viewer"]);
  const shown = apps.find((app) => app.clientId === atlas.clientId);
  expect(shown).toMatchObject({ offline: true, scopes: expect.arrayContaining(["openid", "email", "offline_access"]) });
  expect(Number.isNaN(Date.parse(shown?.since ?? ""))).toBe(false);

  expect(await call("DELETE", `/v1/user/apps/${atlas.clientId}`, { token: utoken })).toMatchObject({ code: 0 });
  expect(await active(atlas.config, atlas.refreshToken)).toBe(false);
  const refused = await client.refreshTokenGrant(atlas.config, atlas.refreshToken).then(() => null, (error: unknown) => error);
  expect(refused instanceof client.ResponseBodyError ? refused.error : refused).toBe("invalid_grant");
  expect(await active(beam.config, beam.refreshToken)).toBe(true);

  const after = await call("GET", "/v1/user/apps", { token: utoken });
  expect((after.data as { apps: Array<{ name: string }> }).apps.map((app) => app.name)).toEqual(["Beam Viewer"]);
  // the portal's own session is not an app's: it stays
  expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ code: 0 });
  // taken back already: nothing to take, said as such
  expect(await call("DELETE", `/v1/user/apps/${atlas.clientId}`, { token: utoken })).toMatchObject({ code: 20801, status: 404 });
});

test("another account cannot take an app's access to this one, and sees none of it", async () => {
  const { utoken } = await registerUser("apps-victim@example.com");
  const app = await signInToApp(utoken, "Cutter Pro");
  const other = await registerUser("apps-stranger@example.com");

  expect(await call("GET", "/v1/user/apps", { token: other.utoken })).toMatchObject({ code: 0, data: { apps: [] } });
  expect(await call("DELETE", `/v1/user/apps/${app.clientId}`, { token: other.utoken })).toMatchObject({ code: 20801, status: 404 });
  expect(await active(app.config, app.refreshToken)).toBe(true);
});

test("no session, or a client id that is not one, changes nothing", async () => {
  const { utoken } = await registerUser("apps-bad-input@example.com");
  const app = await signInToApp(utoken, "Engraver");
  expect(await call("GET", "/v1/user/apps")).toMatchObject({ code: 20101, status: 401 });
  expect(await call("DELETE", `/v1/user/apps/${app.clientId}`)).toMatchObject({ code: 20101, status: 401 });
  for (const bad of ["..%2F..%2Fv1", "a".repeat(200), "%00"]) {
    const reply = await call("DELETE", `/v1/user/apps/${bad}`, { token: utoken });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
  }
  expect(await active(app.config, app.refreshToken)).toBe(true);
});
