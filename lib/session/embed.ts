import { sealData, unsealData } from "iron-session";
import { EMBED_PARAM, RELAY_PARAM, WINDOW_MODE } from "@/lib/contract/host-bridge";

/**
 * The embed launch (docs/embedding.md): which allowlisted host launched the portal, in a frame or
 * in a window it opened, as the browser itself said when it navigated to the portal.
 *
 * The portal hands a session token to page scripts only for such a launch, so the token of an
 * ordinary visit never leaves the HttpOnly cookie. The host is learned from the navigation's
 * Referer (the host script sets `referrerpolicy="origin"` on its frame; window.open sends the
 * opener's origin under the default policy) and Sec-Fetch-Dest, which pages cannot forge, and is
 * kept in a sealed HttpOnly cookie (iron-session, SESSION_SECRET). A frame's cookie is
 * Partitioned (CHIPS), so it exists only under that host's top-level site. Edge-safe.
 */
export const EMBED_COOKIE = "passport_embed";
export type EmbedMode = "frame" | "window";
/**
 * `relay`: a window the portal's own frame opened ("continue in a new window"): it hands the
 * sign-in straight to that frame's host (its opener's parent), never to the portal's own frame.
 */
export type EmbedLaunch = { host: string; mode: EmbedMode; relay?: true };


/** A window launch is for one sign-in; a frame lives as long as the host's page. */
const TTL_SECONDS: Record<EmbedMode, number> = { frame: 12 * 60 * 60, window: 30 * 60 };

export type LaunchNavigation = {
  fetchMode: string | null;
  fetchDest: string | null;
  referer: string | null;
  /** the page's address asks for window mode (`embed=window`) */
  windowParam: boolean;
  /** the host the portal's own frame names (`relay=`), for a window that frame opened */
  relayParam: string | null;
  ownOrigin: string;
  allowlist: readonly string[];
};

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

export function isFrameDestination(fetchDest: string | null): boolean {
  return fetchDest === "iframe" || fetchDest === "frame";
}

/**
 * The launch this navigation makes, or null (not a launch: keep what the cookie says).
 * - a frame navigated by an allowlisted host: frame mode for that host;
 * - a window opened with `embed=window` from an allowlisted host: window mode for it;
 * - a window the portal's own frame opened with `embed=window` and `relay=<its host>` (the
 *   "continue in a new window" offer): window mode for that host, when it is allowlisted. The
 *   token then goes to that host's window only (the browser delivers a message posted to an
 *   exact origin to no one else), never to the portal's own origin: a script that ever ran in
 *   the portal's origin cannot open a window of its own and read the session from it.
 */
export function embedLaunchOf(nav: LaunchNavigation): EmbedLaunch | null {
  if (nav.fetchMode !== "navigate") return null;
  const from = originOf(nav.referer);
  if (!from) return null;
  if (isFrameDestination(nav.fetchDest)) {
    return from !== nav.ownOrigin && nav.allowlist.includes(from) ? { host: from, mode: "frame" } : null;
  }
  if (nav.fetchDest === "document" && nav.windowParam) {
    if (from !== nav.ownOrigin) return nav.allowlist.includes(from) ? { host: from, mode: "window" } : null;
    const relay = originOf(nav.relayParam);
    return relay && relay !== nav.ownOrigin && nav.allowlist.includes(relay) ? { host: relay, mode: "window", relay: true } : null;
  }
  return null;
}

type Sealed = { h: string; m: EmbedMode; at: number; r?: 1 };

export async function sealEmbed(launch: EmbedLaunch, secret: string, nowMs = Date.now()): Promise<string> {
  const value: Sealed = { h: launch.host, m: launch.mode, at: nowMs, ...(launch.relay ? { r: 1 as const } : {}) };
  return sealData(value, { password: secret, ttl: TTL_SECONDS[launch.mode] });
}

/**
 * The launch a sealed cookie holds, if it is intact, not expired, and its host is still allowed
 * (a host removed from EMBED_ALLOWED_ORIGINS loses its launches at once).
 */
export async function readEmbed(sealed: string | undefined, secret: string | null, allowlist: readonly string[], ownOrigin: string, nowMs = Date.now()): Promise<EmbedLaunch | null> {
  if (!sealed || !secret) return null;
  try {
    const value = await unsealData<Partial<Sealed>>(sealed, { password: secret, ttl: TTL_SECONDS.frame });
    if (typeof value.h !== "string" || (value.m !== "frame" && value.m !== "window") || typeof value.at !== "number") return null;
    if (nowMs - value.at > TTL_SECONDS[value.m] * 1000 || value.at > nowMs + 5_000) return null;
    // the portal's own origin is never a host: the token goes to an allowlisted host only
    if (value.h === ownOrigin || !allowlist.includes(value.h)) return null;
    return value.r === 1 && value.m === "window" ? { host: value.h, mode: value.m, relay: true } : { host: value.h, mode: value.m };
  } catch {
    return null;
  }
}

/**
 * Whether a response's cookies belong in a frame's partition (CHIPS): a frame navigation, a
 * request Chromium marks as made in a cross-site context (Sec-Fetch-Storage-Access), or a request
 * carrying a frame launch (the cookie itself is partitioned, so it only comes from that frame).
 */
export function isFramedRequest(input: { fetchDest: string | null; storageAccess: string | null; launch: EmbedLaunch | null }): boolean {
  return isFrameDestination(input.fetchDest) || input.storageAccess !== null || input.launch?.mode === "frame";
}

/** The cookie a page navigation leaves for its launch, or null when the navigation is no launch. */
export async function launchCookieFor(
  headers: Headers,
  pageUrl: URL,
  ownOrigin: string,
  config: { embedAllowedOrigins: readonly string[]; sessionSecret: string | null },
): Promise<{ value: string; framed: boolean; launch: EmbedLaunch } | null> {
  if (!config.sessionSecret) return null;
  const fetchDest = headers.get("sec-fetch-dest");
  const launch = embedLaunchOf({
    fetchMode: headers.get("sec-fetch-mode"),
    fetchDest,
    referer: headers.get("referer"),
    windowParam: pageUrl.searchParams.get(EMBED_PARAM) === WINDOW_MODE,
    relayParam: pageUrl.searchParams.get(RELAY_PARAM),
    ownOrigin,
    allowlist: config.embedAllowedOrigins,
  });
  return launch ? { value: await sealEmbed(launch, config.sessionSecret), framed: launch.mode === "frame", launch } : null;
}
