import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { now } from "../clock";
import { getDb, type Db } from "../db/client";
import { describeFault, log } from "../log";
import { deriveSecret } from "../secrets";
import { DatabaseAdapter } from "./adapter";
import { findAccount } from "./account";
import { CLIENT_SCOPES } from "@/lib/contract/console/screens";
import { ACR_VALUES } from "./acr";
import { clientPolicy } from "./clients";
import { errorPage, loggedOutPage, logoutPage, pageLang } from "./pages";
import { issuer, OIDC_PREFIX, providerFetch, TTL } from "./settings";
import { endPortalSessionOnLogout } from "./logout";
import { scheduleLogoutRetry } from "./logout-retries";
import { interactionPrompts } from "./portal-session-check";
import { KEY_CHECK_SECONDS, loadSigningKeys, signingKeyVersion, type PrivateJwk } from "./signing-keys";

/**
 * The OpenID Provider: panva's certified `oidc-provider`, configured for the passport. What it
 * offers (docs/oidc.md): the authorization code flow only, PKCE S256 (required of public apps),
 * client_secret_basic and private_key_jwt for confidential apps, refresh tokens that rotate on
 * every use (a rotated one used again revokes the grant), userinfo, revocation, introspection for
 * confidential apps, RP-initiated and back-channel logout, `iss` in every authorization response
 * (RFC 9207), and DPoP (RFC 9449) for an app that sends proofs. Request objects, pushed requests
 * and resource indicators are off until they are built and tested. Its state is in the database (adapter.ts); its interaction is the portal's sign-in
 * (interaction.ts).
 */
export type OidcProvider = { provider: Provider; callback: (request: IncomingMessage, response: ServerResponse) => void };

function langOf(ctx: KoaContextWithOIDC) {
  return pageLang(ctx.oidc?.params?.ui_locales, ctx.req.headers);
}

/** A first-party app gets what it asks for without a consent screen: its grant is made here. */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const client = oidc.client;
  const session = oidc.session;
  if (!client || !session) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const policy = await clientPolicy(client.clientId);
  if (!policy?.firstParty || !session.accountId) return existing;
  const grant = existing ?? new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(oidc.requestParamScopes);
  await grant.save();
  return grant;
}

async function configuration(keys: PrivateJwk[]): Promise<Configuration> {
  return {
    adapter: DatabaseAdapter,
    clients: [],
    findAccount: (_ctx, id) => findAccount(id),
    jwks: { keys },
    cookies: {
      // shared by every instance: derived from the services' persisted secret
      keys: [await deriveSecret("oidc-cookies")],
      names: { session: "oidc_session", interaction: "oidc_interaction", resume: "oidc_resume" },
    },
    // every ID token says when and how the user signed in (auth_time, amr, acr: interaction.ts), asked or not
    claims: { openid: ["sub", "auth_time", "amr", "acr"], email: ["email", "email_verified"], profile: ["name", "picture"], acr: null, amr: null, auth_time: null, sid: null },
    // what an app may ask for is chosen at its registration (its `scope` metadata, clients.ts)
    scopes: ["openid", ...CLIENT_SCOPES],
    // the levels an app may ask for with acr_values (acr.ts)
    acrValues: [...ACR_VALUES],
    responseTypes: ["code"],
    // said outright, so an app's library does not try them
    discovery: { request_parameter_supported: false, request_uri_parameter_supported: false },
    clientAuthMethods: ["none", "client_secret_basic", "private_key_jwt"],
    clientDefaults: { grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], id_token_signed_response_alg: "ES256", token_endpoint_auth_method: "client_secret_basic" },
    enabledJWA: {
      idTokenSigningAlgValues: ["ES256", "RS256"],
      userinfoSigningAlgValues: ["ES256", "RS256"],
      clientAuthSigningAlgValues: ["ES256", "RS256", "PS256", "EdDSA"],
    },
    // the redirect URI is always sent and always compared, even when only one is registered
    allowOmittingSingleRegisteredRedirectUri: false,
    rotateRefreshToken: true,
    fetch: providerFetch,
    ttl: { ...TTL },
    features: {
      devInteractions: { enabled: false },
      // a logout token to each app with a back-channel logout URI when its session ends (revoke.ts)
      backchannelLogout: { enabled: true },
      // RFC 9449: an app that sends a DPoP proof gets tokens bound to its key (a public app's
      // refresh token too); the proofs' jti are kept by the adapter (ReplayDetection) so one is used once
      // every proof carries a nonce the provider gave (DPoP-Nonce, RFC 9449 §8): a proof made ahead of
      // time by a thief of the key's holder is worthless; the nonces rotate and are derived from the
      // shared secret, so every instance accepts another's
      dPoP: { enabled: true, nonceSecret: Buffer.from(await deriveSecret("oidc-dpop-nonce"), "hex"), requireNonce: () => true },
      resourceIndicators: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      requestObjects: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      // only a confidential app may ask, and only about its own tokens
      introspection: { enabled: true, allowedPolicy: async (ctx, client, token) => client.clientAuthMethod !== "none" && token.clientId === client.clientId },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = "html";
          ctx.body = logoutPage(langOf(ctx), form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = "html";
          ctx.body = loggedOutPage(langOf(ctx));
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}`, policy: interactionPrompts() },
    loadExistingGrant,
    renderError: (ctx, out) => {
      log().info({ event: "oidc request refused", error: out.error, route: ctx.oidc?.route ?? null }, "the OpenID Provider refused a request");
      ctx.type = "html";
      ctx.body = errorPage(langOf(ctx), out.error);
    },
    routes: {
      authorization: `${OIDC_PREFIX}/auth`,
      token: `${OIDC_PREFIX}/token`,
      userinfo: `${OIDC_PREFIX}/me`,
      jwks: `${OIDC_PREFIX}/jwks`,
      revocation: `${OIDC_PREFIX}/token/revocation`,
      introspection: `${OIDC_PREFIX}/token/introspection`,
      end_session: `${OIDC_PREFIX}/session/end`,
      // not enabled; under the prefix all the same, so nothing of the provider sits elsewhere
      registration: `${OIDC_PREFIX}/reg`,
      pushed_authorization_request: `${OIDC_PREFIX}/request`,
      code_verification: `${OIDC_PREFIX}/device`,
      device_authorization: `${OIDC_PREFIX}/device/auth`,
      backchannel_authentication: `${OIDC_PREFIX}/backchannel`,
      challenge: `${OIDC_PREFIX}/challenge`,
    },
  };
}

async function build(db: Db): Promise<OidcProvider & { keyVersion: string }> {
  const { keys, version } = await loadSigningKeys(db);
  const provider = new Provider(issuer(), await configuration(keys));
  // behind the portal's server, which sets the issuer's scheme and host on every request (mount.ts)
  provider.proxy = true;
  provider.use(endPortalSessionOnLogout);
  provider.on("server_error", (_ctx, error) => log().error({ event: "oidc server error", err: describeFault(error) }, "the OpenID Provider failed"));
  // a refused token or logout request is the caller's fault: one line without a stack
  const refused = (event: string) => (_ctx: unknown, error: Error) => log().info({ event: `oidc ${event}`, err: { type: error.name, message: error.message } }, "the OpenID Provider refused a request");
  provider.on("grant.error", refused("grant.error"));
  provider.on("end_session.error", refused("end_session.error"));
  provider.on("userinfo.error", refused("userinfo.error"));
  provider.on("introspection.error", refused("introspection.error"));
  provider.on("revocation.error", refused("revocation.error"));
  // an app that did not take its logout token (RP-initiated logout; revoke.ts logs its own)
  // the provider's own logout (end_session) sends its logout tokens itself: a refused one is tried again as ours are (revoke.ts)
  provider.on("backchannel.error", (_ctx: unknown, error: Error, client: { clientId: string }, accountId: string, sid: string) => {
    log().warn({ event: "oidc backchannel logout failed", clientId: client.clientId, err: { message: error.message } }, "an app did not accept its logout token; it is sent again later");
    scheduleLogoutRetry({ clientId: client.clientId, accountId, sid }, 1).catch((fault: unknown) => log().warn({ err: describeFault(fault) }, "a back-channel logout retry could not be recorded"));
  });
  return { provider, callback: provider.callback(), keyVersion: version };
}

/**
 * One provider per open database (a test's fresh backend gets its own), made on first use, and
 * made again when the signing keys due have changed (a rotation by any instance, a new key's turn
 * to sign, a spent one dropped: signing-keys.ts), looked at every KEY_CHECK_SECONDS. Its state is
 * in the database, so a request served by the new one continues what the old one began.
 */
type Built = { pending: Promise<OidcProvider & { keyVersion: string }>; checkedAt: number };
const built = new WeakMap<Db, Built>();

function start(db: Db): Built {
  const entry: Built = { pending: build(db), checkedAt: now().getTime() };
  built.set(db, entry);
  entry.pending.catch(() => built.delete(db));
  return entry;
}

export async function oidcProvider(): Promise<OidcProvider> {
  const db = await getDb();
  const entry = built.get(db) ?? start(db);
  const at = now().getTime();
  if (at - entry.checkedAt < KEY_CHECK_SECONDS * 1000) return entry.pending;
  entry.checkedAt = at;
  const current = await entry.pending;
  if ((await signingKeyVersion(db)) === current.keyVersion) return current;
  // another request may have started the new one meanwhile
  const latest = built.get(db);
  return (latest && latest !== entry ? latest : start(db)).pending;
}
