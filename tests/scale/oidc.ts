import * as client from "openid-client";
import { api, request } from "./http";
import type { Account } from "./ledger";
import { LOAD_ADDRESS, type Portal } from "./portals";

/**
 * Apps signing in by the OpenID code flow across the instances (docs/oidc.md): the provider's
 * state (interactions, codes, grants, refresh tokens) is in the shared database, so each step
 * may land on another instance. For accounts the load registered, one flow each, started on a
 * different instance: the browser's hops of the authorization go to the instances in turn, the
 * code is exchanged on the next instance, userinfo is asked and the refresh token rotated on the
 * one after, and the rotated refresh token, used again on yet another instance, is refused and
 * takes the grant with it everywhere. Returns the problems, in words.
 */
export const SCALE_APP = { name: "Scale test app", callback: "https://app.example/callback" } as const;

const FLOWS_PER_INSTANCE = 2;

/** The app, registered once by the setup on the run's database (lib/backend/oidc/clients.ts). */
export async function registerScaleApp(): Promise<string> {
  const { registerClient } = await import("@/lib/backend/oidc/clients");
  const { clientId } = await registerClient({ name: SCALE_APP.name, kind: "public", redirectUris: [SCALE_APP.callback] });
  return clientId;
}

/** openid-client sends every request of this configuration to one instance (the issuer is the balancer's origin). */
function appOn(metadata: client.ServerMetadata, clientId: string, issuer: string, portal: Portal): client.Configuration {
  const config = new client.Configuration(metadata, clientId, undefined, client.None());
  client.allowInsecureRequests(config);
  config[client.customFetch] = (url, { body, ...options }) =>
    // a copy of a byte body: fetch's own types take only one backed by a plain ArrayBuffer
    fetch(url.startsWith(issuer) ? `${portal.url}${url.slice(issuer.length)}` : url, { ...options, body: body instanceof Uint8Array ? new Uint8Array(body) : body });
  return config;
}

/** A browser signed in to the portal (its utoken cookie), whose each next request goes to the next instance. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private hop = 0;

  constructor(utoken: string, private readonly portals: Portal[], private readonly first: number, private readonly issuer: string) {
    this.cookies.set("utoken", utoken);
  }

  /** Follows the provider's redirects until one leaves it (the app's callback); null if it never does. */
  async authorize(url: URL): Promise<URL | null> {
    let next = url;
    for (let step = 0; step < 10; step++) {
      if (next.origin !== this.issuer || !next.pathname.startsWith("/oidc/")) return next;
      const portal = this.portals[(this.first + this.hop++) % this.portals.length] as Portal;
      const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const answer = await request(`${portal.url}${next.pathname}${next.search}`, { from: LOAD_ADDRESS, headers: { cookie, accept: "text/html" } });
      for (const line of answer.headers["set-cookie"] ?? []) {
        const [pair = ""] = line.split(";");
        const at = pair.indexOf("=");
        const value = pair.slice(at + 1).trim();
        if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, at).trim());
        else this.cookies.set(pair.slice(0, at).trim(), value);
      }
      const location = answer.headers.location;
      if (!location) return null;
      next = new URL(location, this.issuer);
    }
    return null;
  }
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: string };

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error: error instanceof client.ResponseBodyError ? error.error : String(error) }));
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const settled = await settle(promise);
  return settled.ok ? "accepted" : settled.error;
}

async function userinfoStatus(portal: Portal, accessToken: string): Promise<number> {
  return (await request(`${portal.url}/oidc/me`, { from: LOAD_ADDRESS, headers: { authorization: `Bearer ${accessToken}` } })).status;
}

async function codeFlow(account: Account, at: (offset: number) => Portal, apps: (portal: Portal) => client.Configuration, browserOf: (utoken: string) => Browser): Promise<string[]> {
  const who = account.email;
  const login = await api(at(0).url, "POST", "/v1/login", { body: { email: account.email, password: account.password }, from: LOAD_ADDRESS });
  const utoken = login.envelope.data?.utoken;
  if (typeof utoken !== "string") return [`${who}: no portal sign-in for the code flow (HTTP ${login.status})`];

  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  // offline_access is granted on prompt=consent (a first-party app is shown no consent screen)
  const url = client.buildAuthorizationUrl(apps(at(0)), { redirect_uri: SCALE_APP.callback, scope: "openid email offline_access", prompt: "consent", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state, nonce });
  const callback = await browserOf(utoken).authorize(url);
  if (!callback?.href.startsWith(SCALE_APP.callback)) return [`${who}: the authorization did not come back to the app (${callback?.href ?? "no redirect"})`];

  const exchange = at(1);
  const tokens = await settle(client.authorizationCodeGrant(apps(exchange), callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true }));
  if (!tokens.ok) return [`${who}: the code exchange on ${exchange.name} failed: ${tokens.error}`];
  const sub = tokens.value.claims()?.sub ?? "";
  const first = tokens.value.refresh_token;
  if (!first) return [`${who}: no refresh token from ${exchange.name}`];

  const rotator = at(2);
  const info = await settle(client.fetchUserInfo(apps(rotator), tokens.value.access_token, sub));
  if (!info.ok || info.value.email !== account.email) return [`${who}: userinfo on ${rotator.name} did not name the account: ${info.ok ? String(info.value.email) : info.error}`];
  const renewed = await settle(client.refreshTokenGrant(apps(rotator), first));
  if (!renewed.ok) return [`${who}: the refresh on ${rotator.name} failed: ${renewed.error}`];
  const second = renewed.value.refresh_token;
  if (!second || second === first) return [`${who}: the refresh on ${rotator.name} did not rotate the refresh token`];

  // the rotated token used again, on another instance than the one that rotated it
  const replay = at(3);
  const problems: string[] = [];
  const reused = await refusal(client.refreshTokenGrant(apps(replay), first));
  if (reused !== "invalid_grant") problems.push(`${who}: the rotated refresh token used again on ${replay.name}: ${reused}, expected invalid_grant`);
  const after = await refusal(client.refreshTokenGrant(apps(at(0)), second));
  if (after !== "invalid_grant") problems.push(`${who}: the newest refresh token after the reuse, on ${at(0).name}: ${after}, expected invalid_grant (the grant revoked)`);
  const access = await userinfoStatus(at(1), renewed.value.access_token);
  if (access !== 401) problems.push(`${who}: the refreshed access token after the reuse, on ${at(1).name}: HTTP ${access}, expected 401`);
  return problems;
}

/** The code flows; `flows` says how many ran, each one of FLOWS_PER_INSTANCE per instance. */
export async function verifyCodeFlows({ accounts, portals, issuer, clientId }: { accounts: Account[]; portals: Portal[]; issuer: string; clientId: string }): Promise<{ flows: number; failures: string[] }> {
  const discovery = await client.discovery(new URL(issuer), clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] });
  const metadata = discovery.serverMetadata();
  const apps = new Map(portals.map((portal) => [portal, appOn(metadata, clientId, issuer, portal)]));
  const appFor = (portal: Portal) => apps.get(portal) ?? appOn(metadata, clientId, issuer, portal);
  const chosen = accounts.slice(0, FLOWS_PER_INSTANCE * portals.length);
  const results = await Promise.all(
    chosen.map((account, i) => {
      const at = (offset: number) => portals[(i + offset) % portals.length] as Portal;
      return codeFlow(account, at, appFor, (utoken) => new Browser(utoken, portals, i, issuer)).catch((error: unknown) => [`${account.email}: the code flow failed: ${String(error)}`]);
    }),
  );
  const failures = results.flat();
  if (chosen.length < FLOWS_PER_INSTANCE * portals.length) failures.push(`only ${chosen.length} accounts for ${FLOWS_PER_INSTANCE * portals.length} code flows`);
  return { flows: chosen.length, failures };
}
