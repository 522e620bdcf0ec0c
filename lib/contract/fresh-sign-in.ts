/**
 * The parameter the OpenID Provider's interaction adds to the portal's sign-in address when an
 * app asked for a fresh sign-in (`prompt=login`, or a `max_age` the portal sign-in is older than):
 * `reauth=1`. Like window mode's `embed=window`, it only lets a signed-in user's sign-in page
 * render instead of sending them on at once; the provider then accepts only a sign-in made after
 * it asked (lib/backend/oidc/interaction.ts).
 */
export const FRESH_SIGN_IN_PARAM = "reauth";
export const FRESH_SIGN_IN = "1";

/**
 * Added beside `reauth=1` when the app's acr_values can only be met by a passkey (`phr`) and the
 * account has one: `stepup=passkey`. The sign-in page then offers the passkey alone and says why;
 * the provider takes no other sign-in for that interaction (lib/backend/oidc/interaction.ts).
 */
export const STEP_UP_PARAM = "stepup";
export const PASSKEY_STEP_UP = "passkey";
