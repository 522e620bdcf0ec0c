import { sealData, unsealData } from "iron-session";

/**
 * A session token handed over in the address (`?ut=`, SPEC §4), and who may hand one over
 * silently (docs/embedding.md, "A token in the address").
 *
 * Login CSRF is the danger: a page on another site links a visitor to `/en/login?ut=<the
 * attacker's token>` and the visitor works in the attacker's account without knowing. So a token
 * in the address signs a browser in at once only when the navigation itself proves who started it:
 *
 * - the portal's own page (`Sec-Fetch-Site: same-origin`: "Sign in with the app" on the sign-in
 *   screens navigates to the token the native app returned);
 * - an allowlisted host launching the portal (a frame it navigates, or a window it opens in window
 *   mode): the browser names the host in the navigation's Referer, which pages cannot forge;
 * - a native app loading the page in its webview with the request header
 *   `X-Passport-Launch: native`, which no web page can add to a navigation.
 *
 * Any other navigation (a link on another site, an emailed link, a bookmark) is asked first: the
 * token waits, sealed, in a short-lived HttpOnly cookie, and `/{lang}/continue` shows "Continue as
 * a***@example.com?"; only Continue stores it. A request that is not a navigation (an image, a
 * fetch) never touches a token. Edge-safe.
 */
export const NATIVE_LAUNCH_HEADER = "x-passport-launch";
export const NATIVE_LAUNCH_VALUE = "native";
export const PENDING_HANDOFF_COOKIE = "passport_handoff";
export const PENDING_HANDOFF_SECONDS = 5 * 60;
export const CONTINUE_PATH = "continue";

export type NavigationHeaders = {
  /** Sec-Fetch-Mode, when the browser sent it */
  fetchMode: string | null;
  /** Sec-Fetch-Dest, when the browser sent it */
  fetchDest: string | null;
  /** Sec-Fetch-Site, when the browser sent it */
  fetchSite: string | null;
  accept: string | null;
  /** X-Passport-Launch */
  launchHeader: string | null;
};

/** True for a navigation of a top-level window or a frame; a subresource or script fetch is not one. */
export function isNavigation(request: Pick<NavigationHeaders, "fetchMode" | "fetchDest" | "accept">): boolean {
  if (request.fetchMode !== null || request.fetchDest !== null) {
    return request.fetchMode === "navigate" && (request.fetchDest === "document" || request.fetchDest === "iframe" || request.fetchDest === "frame");
  }
  // A browser too old for Fetch Metadata: only a request for a page.
  return /\btext\/html\b/i.test(request.accept ?? "");
}

/**
 * - `take`: store the token now (subject to the rule that it never replaces another user);
 * - `ask`: keep it aside and ask the visitor first;
 * - `ignore`: not a navigation, the token is dropped.
 */
export type AddressTokenTrust = "take" | "ask" | "ignore";

export function addressTokenTrust(request: NavigationHeaders, hostLaunch: boolean): AddressTokenTrust {
  if (!isNavigation(request)) return "ignore";
  if (request.fetchSite === "same-origin") return "take";
  if (hostLaunch) return "take";
  const native = request.launchHeader?.trim().toLowerCase() === NATIVE_LAUNCH_VALUE;
  // a header on a navigation comes from the app that loaded the page, never from a page
  if (native && (request.fetchSite === null || request.fetchSite === "none")) return "take";
  return "ask";
}

export type HandoffDecision =
  /** store the handed token (no other session, or the same account) */
  | { action: "take" }
  /** keep the stored session: it belongs to someone else, or the handed token is no good */
  | { action: "keep"; notice: "otherAccount" | null };

/** A trusted hand-off never silently replaces a different signed-in user. */
export function decideHandoff(input: { handed: { valid: boolean; uid: string | null }; stored: { valid: boolean; uid: string | null } | null }): HandoffDecision {
  if (!input.handed.valid) return { action: "keep", notice: null };
  if (input.stored?.valid && input.stored.uid !== input.handed.uid) return { action: "keep", notice: "otherAccount" };
  return { action: "take" };
}

/** A token waiting for the visitor's answer, and the page it was handed to (a path on the portal). */
export type PendingHandoff = { token: string; to: string };
type Sealed = { t: string; to: string; at: number };

/** Only a path of the portal itself: never another origin, never `//host`. */
export function isPortalPath(to: string): boolean {
  return to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\") && to.length <= 4096;
}

export async function sealPendingHandoff(pending: PendingHandoff, secret: string, nowMs = Date.now()): Promise<string> {
  const value: Sealed = { t: pending.token, to: pending.to, at: nowMs };
  return sealData(value, { password: secret, ttl: PENDING_HANDOFF_SECONDS });
}

export async function readPendingHandoff(sealed: string | undefined, secret: string | null, nowMs = Date.now()): Promise<PendingHandoff | null> {
  if (!sealed || !secret) return null;
  try {
    const value = await unsealData<Partial<Sealed>>(sealed, { password: secret, ttl: PENDING_HANDOFF_SECONDS });
    if (typeof value.t !== "string" || typeof value.to !== "string" || typeof value.at !== "number") return null;
    if (nowMs - value.at > PENDING_HANDOFF_SECONDS * 1000 || value.at > nowMs + 5_000 || !isPortalPath(value.to)) return null;
    return { token: value.t, to: value.to };
  } catch {
    return null;
  }
}

/** `alice@example.com` → `a***@example.com`: enough to recognise one's own account, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${Array.from(email.slice(0, at))[0] ?? ""}***${email.slice(at)}`;
}
