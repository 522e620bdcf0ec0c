/**
 * The OpenID Provider's loads of the per-core part (docs/performance.md), each connection an app
 * with its own user, over plain HTTP as openid-client sends it (the load generator's CPU is not
 * counted, so the client side is kept to what the protocol needs):
 *
 * - a code exchange: a whole code flow of a browser already signed in to the portal (GET
 *   /oidc/auth with PKCE S256, the interaction, the resume, each a redirect followed) and the
 *   app's POST /oidc/token with the code and its verifier; counted when the token answer holds
 *   an access token and an ID token;
 * - a refresh: POST /oidc/token with the connection's latest refresh token (it rotates on every
 *   use, so each is a consume and an issue); counted when a new refresh token comes back;
 * - a userinfo call: GET /oidc/me with the connection's access token; counted on a 200 with `sub`.
 */
import { createHash, randomBytes } from "node:crypto";
import { cookieHeader, storeCookies } from "./maths";

export type OidcApp = { port: number; clientId: string; redirectUri: string };
export type OidcLoad = { count: number; bad: number; firstFailure: string | null };

const base64url = (bytes: Buffer) => bytes.toString("base64url");

class Refused extends Error {}

/** A browser with the portal's utoken cookie: a code flow to its callback, then the code exchanged. */
async function codeExchange(app: OidcApp, utoken: string, scope: string, prompt: string | null): Promise<{ access: string; refresh: string | null }> {
  const origin = `http://127.0.0.1:${app.port}`;
  const verifier = base64url(randomBytes(32));
  const query = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    response_type: "code",
    scope,
    state: base64url(randomBytes(16)),
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
    ...(prompt ? { prompt } : {}),
  });
  const jar = new Map([["utoken", utoken]]);
  let next = `/oidc/auth?${query}`;
  for (let hop = 0; ; hop++) {
    if (hop > 6) throw new Refused("the authorization did not come back to the app");
    const response = await fetch(`${origin}${next}`, { redirect: "manual", headers: { cookie: cookieHeader(jar), accept: "text/html" } });
    storeCookies(jar, response.headers.getSetCookie());
    await response.arrayBuffer();
    const location = response.headers.get("location");
    if (!location) throw new Refused(`the authorization stopped with HTTP ${response.status} at ${next.split("?")[0] ?? ""}`);
    if (location.startsWith(app.redirectUri)) {
      const code = new URL(location).searchParams.get("code");
      if (!code) throw new Refused(`no code in the callback: ${new URL(location).searchParams.get("error") ?? "?"}`);
      const tokens = await tokenRequest(app, { grant_type: "authorization_code", code, redirect_uri: app.redirectUri, code_verifier: verifier });
      if (typeof tokens.id_token !== "string") throw new Refused("the code exchange gave no ID token");
      return { access: String(tokens.access_token), refresh: typeof tokens.refresh_token === "string" ? tokens.refresh_token : null };
    }
    const target = new URL(location, origin);
    next = `${target.pathname}${target.search}`;
  }
}

async function tokenRequest(app: OidcApp, params: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${app.port}/oidc/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body: new URLSearchParams({ client_id: app.clientId, ...params }) });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200 || typeof body.access_token !== "string") throw new Refused(`the token endpoint answered ${response.status} ${String(body.error ?? "")}`);
  return body;
}

/** One loop of `step` per state for `seconds`: what completed, what was refused, the first refusal. */
async function loops<T>(states: readonly T[], seconds: number, step: (state: T) => Promise<void>): Promise<OidcLoad> {
  const until = performance.now() + seconds * 1000;
  const load: OidcLoad = { count: 0, bad: 0, firstFailure: null };
  await Promise.all(
    states.map(async (state) => {
      while (performance.now() < until) {
        try {
          await step(state);
          load.count += 1;
        } catch (error) {
          load.bad += 1;
          load.firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  return load;
}

export type Grant = { refresh: string; access: string };

/** One grant with offline_access (granted on prompt=consent) per connection, made before any measured stretch. */
export function grantsFor(app: OidcApp, utokens: readonly string[], connections: number): Promise<Grant[]> {
  return Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const tokens = await codeExchange(app, utokens[i % utokens.length] ?? "", "openid email offline_access", "consent");
      if (!tokens.refresh) throw new Error("the code exchange gave no refresh token");
      return { refresh: tokens.refresh, access: tokens.access };
    }),
  );
}

export function codeExchanges(app: OidcApp, utokens: readonly string[], seconds: number, connections: number): Promise<OidcLoad> {
  const browsers = Array.from({ length: connections }, (_, i) => utokens[i % utokens.length] ?? "");
  return loops(browsers, seconds, async (utoken) => {
    await codeExchange(app, utoken, "openid email", null);
  });
}

export function refreshes(app: OidcApp, grants: Grant[], seconds: number): Promise<OidcLoad> {
  return loops(grants, seconds, async (grant) => {
    const tokens = await tokenRequest(app, { grant_type: "refresh_token", refresh_token: grant.refresh });
    if (typeof tokens.refresh_token !== "string" || tokens.refresh_token === grant.refresh) throw new Refused("the refresh did not rotate the refresh token");
    grant.refresh = tokens.refresh_token;
    grant.access = String(tokens.access_token);
  });
}

export function userinfoCalls(app: OidcApp, grants: Grant[], seconds: number): Promise<OidcLoad> {
  return loops(grants, seconds, async (grant) => {
    const response = await fetch(`http://127.0.0.1:${app.port}/oidc/me`, { headers: { authorization: `Bearer ${grant.access}`, accept: "application/json" } });
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200 || typeof body.sub !== "string") throw new Refused(`userinfo answered ${response.status}`);
  });
}
