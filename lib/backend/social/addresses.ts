import { SOCIAL_RETURN, SOCIAL_STATE_PATTERN } from "@/lib/contract/social-return";
import type { SocialSettings } from "./settings";

/**
 * The addresses of a social sign-in: where the portal may be sent back to (`uri`, an allowlist,
 * so a token never goes anywhere else) and the services' own callback, which each provider has
 * registered as redirect URI.
 *
 * Without PUBLIC_ORIGIN (local use) both follow the portal's rule for its own origin: the
 * address a browser used when it names this machine's loopback on PORT, never anything else.
 */
const LANGS = ["en", "zh"] as const;
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

function localOrigins(port: number): string[] {
  return LOOPBACK_HOSTS.map((host) => `http://${host}:${port}`);
}

/** The portal's callback addresses: SOCIAL_CALLBACK_URLS, or its public origin + /{en,zh}/authcb. */
export function callbackAllowlist(settings: SocialSettings): string[] {
  if (settings.callbackUrls) return settings.callbackUrls.map((url) => new URL(url).href);
  const origins = settings.publicOrigin ? [settings.publicOrigin] : localOrigins(settings.port);
  return origins.flatMap((origin) => LANGS.map((lang) => new URL(`/${lang}/authcb`, origin).href));
}

/**
 * `uri` when it is one of the callback addresses (scheme, host, port and path; no fragment or
 * credentials), with no query but the portal's round-trip nonce (`sn`), else null. The return
 * keeps that nonce: the portal takes only the return of the round trip its browser started.
 */
export function allowedReturnUri(uri: string, settings: SocialSettings): URL | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  const names = [...url.searchParams.keys()];
  const nonce = url.searchParams.get(SOCIAL_RETURN.state);
  if (names.length > 1 || (names.length === 1 && (nonce === null || !SOCIAL_STATE_PATTERN.test(nonce)))) return null;
  const bare = new URL(url.href);
  bare.search = "";
  return callbackAllowlist(settings).includes(bare.href) ? url : null;
}

/**
 * The services' base address as browsers reach them. The request's Host counts only as a
 * loopback address on PORT (local use), as the portal's own origin does.
 */
export function servicesBase(settings: SocialSettings, host: string | null): string {
  if (settings.servicesPublicUrl) return settings.servicesPublicUrl;
  if (settings.publicOrigin) return settings.publicOrigin;
  const origin = `http://${(host ?? "").toLowerCase()}`;
  return localOrigins(settings.port).includes(origin) ? origin : `http://localhost:${settings.port}`;
}

/** The redirect URI registered with a provider: {services}/v1/oauth/{channel}/callback. */
export function providerRedirectUri(base: string, channel: string): string {
  return `${base}/v1/oauth/${encodeURIComponent(channel)}/callback`;
}

/** The path the pending authorization's cookie is scoped to: the provider's /auth and /callback only. */
export function pendingCookiePath(base: string, channel: string): string {
  return `${new URL(base).pathname.replace(/\/+$/, "")}/v1/oauth/${encodeURIComponent(channel)}/`;
}

export type SocialReturn =
  | { kind: "signedIn"; token: string; created: boolean; channel: string }
  | { kind: "bound"; channel: string }
  | { kind: "ticket"; ticket: string; channel: string }
  | { kind: "twoStep"; ticket: string; channel: string }
  | { kind: "failed"; code: number; op: string };

/** The portal's callback address with the outcome, r and p (lib/contract/social-return.ts). */
export function returnUrl(uri: string, outcome: SocialReturn, extra: { r?: string | null; p?: string | null }): string {
  const url = new URL(uri);
  const set = (name: string, value: string | null | undefined) => {
    if (value) url.searchParams.set(name, value);
  };
  switch (outcome.kind) {
    case "signedIn":
      set(SOCIAL_RETURN.token, outcome.token);
      set(SOCIAL_RETURN.channel, outcome.channel);
      if (outcome.created) set(SOCIAL_RETURN.created, "1");
      break;
    case "bound":
      set(SOCIAL_RETURN.op, "bind");
      set(SOCIAL_RETURN.channel, outcome.channel);
      break;
    case "ticket":
      set(SOCIAL_RETURN.ticket, outcome.ticket);
      set(SOCIAL_RETURN.channel, outcome.channel);
      break;
    case "twoStep":
      set(SOCIAL_RETURN.twoStep, outcome.ticket);
      set(SOCIAL_RETURN.channel, outcome.channel);
      break;
    case "failed":
      set(SOCIAL_RETURN.error, String(outcome.code));
      set(SOCIAL_RETURN.op, outcome.op);
      break;
  }
  set(SOCIAL_RETURN.redirect, extra.r);
  set(SOCIAL_RETURN.brand, extra.p);
  return url.href;
}
