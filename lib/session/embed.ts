import { sealData, unsealData } from "iron-session";
import { EMBED_PARAM, WINDOW_MODE } from "@/lib/contract/host-bridge";

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
export type EmbedLaunch = { host: string; mode: EmbedMode };

/** A window launch is for one sign-in; a frame lives as long as the host's page. */
const TTL_SECONDS: Record<EmbedMode, number> = { frame: 12 * 60 * 60, window: 30 * 60 };

export type LaunchNavigation = {
  fetchMode: string | null;
  fetchDest: string | null;
  referer: string | null;
  /** the page's address asks for window mode (`embed=window`) */
  windowParam: boolean;
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
 * - a window the portal's own frame opened with `embed=window` (the "continue in a new window"
 *   offer): window mode whose host is the portal itself, which relays to its own host.
 */
export function embedLaunchOf(nav: LaunchNavigation): EmbedLaunch | null {
  if (nav.fetchMode !== "navigate") return null;
  const from = originOf(nav.referer);
  if (!from) return null;
  if (isFrameDestination(nav.fetchDest)) {
    return from !== nav.ownOrigin && nav.allowlist.includes(from) ? { host: from, mode: "frame" } : null;
  }
  if (nav.fetchDest === "document" && nav.windowParam) {
    return from === nav.ownOrigin || nav.allowlist.includes(from) ? { host: from, mode: "window" } : null;
  }
  return null;
}

type Sealed = { h: string; m: EmbedMode; at: number };

export async function sealEmbed(launch: EmbedLaunch, secret: string, nowMs = Date.now()): Promise<string> {
  const value: Sealed = { h: launch.host, m: launch.mode, at: nowMs };
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
    const allowed = allowlist.includes(value.h) || (value.m === "window" && value.h === ownOrigin);
    return allowed ? { host: value.h, mode: value.m } : null;
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
): Promise<{ value: string; framed: boolean } | null> {
  if (!config.sessionSecret) return null;
  const fetchDest = headers.get("sec-fetch-dest");
  const launch = embedLaunchOf({
    fetchMode: headers.get("sec-fetch-mode"),
    fetchDest,
    referer: headers.get("referer"),
    windowParam: pageUrl.searchParams.get(EMBED_PARAM) === WINDOW_MODE,
    ownOrigin,
    allowlist: config.embedAllowedOrigins,
  });
  return launch ? { value: await sealEmbed(launch, config.sessionSecret), framed: launch.mode === "frame" } : null;
}
