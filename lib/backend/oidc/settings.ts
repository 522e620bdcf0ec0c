import { getConfig } from "../config";

/**
 * Where the OpenID Provider answers. The issuer is the portal's public origin itself (no path),
 * from configuration (PUBLIC_ORIGIN; in local use http://localhost:PORT), never from a request's
 * Host: discovery is then at the origin's /.well-known/openid-configuration, as OpenID Connect
 * Discovery requires of an issuer without a path, and every other endpoint under /oidc/, so the
 * provider's paths cannot meet the portal's pages (/{lang}/…) or the services' (/v1, /v2).
 */
export const OIDC_PREFIX = "/oidc";
export const DISCOVERY_PATH = "/.well-known/openid-configuration";

export function issuer(): string {
  const { publicOrigin, port } = getConfig().social;
  return new URL(publicOrigin ?? `http://localhost:${port}`).origin;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * oidc-provider's outgoing requests (back-channel logout tokens) refuse special-use addresses
 * (its SSRF protection). When the provider itself runs on loopback (local use, the reference app
 * beside it) an app's back-channel URI on loopback is let through; never otherwise.
 *
 * The protection is a dispatcher the provider hands in with each request, made from the runtime's
 * global one. Where it could not make it (it warns "failed to setup SSRF protection": a runtime
 * whose global dispatcher it cannot find, as in a test sandbox) it would send without one; here
 * such a request is not sent at all, so an address the protection would refuse is never reached.
 */
export function providerFetch(input: string | URL | Request, init?: RequestInit & { dispatcher?: unknown }): Promise<Response> {
  const target = new URL(input instanceof Request ? input.url : input);
  if (!LOOPBACK.has(new URL(issuer()).hostname) || !LOOPBACK.has(target.hostname)) {
    if (init?.dispatcher === undefined || init.dispatcher === null) return Promise.reject(new Error("not sent: the provider's protection against special-use addresses is not in place"));
    return fetch(input, init);
  }
  const unprotected: RequestInit & { dispatcher?: unknown } = { ...init };
  delete unprotected.dispatcher;
  return fetch(input, unprotected);
}

/** The request paths the provider (and its interaction routes) answer. */
export function isProviderPath(pathname: string): boolean {
  return pathname === DISCOVERY_PATH || pathname.startsWith(`${OIDC_PREFIX}/`);
}

/**
 * Lifetimes, in seconds. A code lives a minute (the conformance plans ask for ≤ 60 s); an access
 * token ten minutes; a refresh token 30 days from its last use (each use rotates it); a grant a
 * year; a provider session 14 days; an unfinished sign-in an hour (an emailed code, a second step).
 */
export const TTL = {
  AuthorizationCode: 60,
  AccessToken: 600,
  IdToken: 3600,
  RefreshToken: 30 * 86_400,
  Grant: 365 * 86_400,
  Session: 14 * 86_400,
  Interaction: 3600,
} as const;
