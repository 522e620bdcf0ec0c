/**
 * The launch parameter a host adds to the portal's address when it opens it with window.open
 * (window mode): `embed=window`. Not one of SPEC §2's launch parameters; it only lets a signed-in
 * user's login page render so the page can hand the session to the opener (SPEC §4). Its own
 * module: every page's first load checks it (components/embed/host-bridge-mount.tsx).
 */
export const EMBED_PARAM = "embed";
export const WINDOW_MODE = "window";

/**
 * With window mode, from the portal's own frame only: the frame's host, to which the window hands
 * the sign-in (lib/session/embed.ts checks it against the allowlist).
 */
export const RELAY_PARAM = "relay";
