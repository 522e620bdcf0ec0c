/**
 * Tells the window that opened the portal (window mode) that a social sign-in finished.
 * postMessage only ever names an exact origin, never "*": the portal's own origin (a portal
 * page that opened this one; no token, it shares the cookie) and each allowlisted host origin
 * (EMBED_ALLOWED_ORIGINS) with the token, which the browser delivers only if the opener really
 * is that origin.
 */
export const LOGIN_MESSAGE = "passport:login";

export function notifyOpener(opener: Window, notice: { token: string; origins: readonly string[] }): void {
  try {
    opener.postMessage({ type: LOGIN_MESSAGE }, window.location.origin);
  } catch {
    // a closed or cross-origin-isolated opener: nothing to tell
  }
  for (const origin of notice.origins) {
    if (origin === window.location.origin) continue;
    try {
      opener.postMessage({ type: LOGIN_MESSAGE, utoken: notice.token }, origin);
    } catch {
      // the opener went away meanwhile
    }
  }
}
