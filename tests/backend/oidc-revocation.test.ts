import * as client from "openid-client";
import { deleteUser, endSessions, setStatus } from "@/lib/backend/services/console/user-actions";
import { call, registerUser } from "./support/harness";
import { authorization, Browser, newClient, providerPerTest, redeem, relyingParty, signInThroughProvider } from "./support/oidc";

/**
 * Every path that ends a user's sessions or secrets reaches the apps too: a refresh token that
 * worked before is refused after (docs/oidc.md, "One session"). The operator's paths are the
 * console's services (the CLI's commands call the same ones).
 */
const server = providerPerTest();

async function appWithRefreshToken(email: string) {
  const { utoken, uid } = await registerUser(email);
  // a server app, so it may ask the provider (introspection) whether its refresh token still lives
  const { clientId, secret } = await newClient({ kind: "client_secret_basic" });
  const config = await relyingParty(server.origin, clientId, client.ClientSecretBasic(secret ?? ""));
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const started = await authorization(config, { scope: "openid offline_access", prompt: "consent" });
  const tokens = await redeem(config, await signInThroughProvider(browser, started), started);
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? "");
  return { utoken, uid, config, refreshToken: refreshed.refresh_token ?? "" };
}

/**
 * What the app sees of its refresh token: introspection says whether it still lives (a deleted or
 * banned account is refused at the token endpoint anyway; introspection shows the grant is gone),
 * and the token endpoint refuses it.
 */
async function refusal(config: client.Configuration, refreshToken: string): Promise<string | null> {
  const outcome = await client.refreshTokenGrant(config, refreshToken).then(() => null, (error: unknown) => error);
  return outcome instanceof client.ResponseBodyError ? outcome.error : null;
}

const paths: Array<[string, (user: { utoken: string; uid: string }) => Promise<void>]> = [
  [
    "the user changes the password (even keeping the portal's other sessions)",
    async ({ utoken }) => {
      const body = { oldPassword: "secret-pass1", newPassword: "Another-Pass-42", signOutOthers: false };
      expect(await call("PATCH", "/v1/user/password", { token: utoken, body })).toMatchObject({ code: 0 });
    },
  ],
  [
    "the user says \"This wasn't me\" about a sign-in",
    async ({ utoken }) => {
      const activity = await call("GET", "/v1/user/security/activity", { token: utoken });
      const list = Array.isArray(activity.data?.list) ? (activity.data.list as Array<{ id: string; kind: string }>) : [];
      const signIn = list.find((item) => item.kind === "sign_in");
      expect(await call("POST", "/v1/user/security/activity/disown", { token: utoken, body: { id: signIn?.id } })).toMatchObject({ code: 0 });
    },
  ],
  ["the account is deleted", async ({ uid }) => void (await deleteUser(uid))],
  ["an operator bans the user", async ({ uid }) => void (await setStatus(uid, "banned"))],
  ["an operator ends the user's sessions", async ({ uid }) => void (await endSessions(uid, undefined))],
];

test.each(paths)("the app's refresh token is refused after %s", async (_name, revoke) => {
  const { utoken, uid, config, refreshToken } = await appWithRefreshToken("revoked@example.com");
  expect(refreshToken).not.toBe("");
  expect(await client.tokenIntrospection(config, refreshToken)).toMatchObject({ active: true });
  await revoke({ utoken, uid });
  expect(await client.tokenIntrospection(config, refreshToken)).toMatchObject({ active: false });
  expect(await refusal(config, refreshToken)).toBe("invalid_grant");
});
