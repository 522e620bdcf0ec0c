/**
 * Social sign-in as both halves see it, without classic zod (the portal's client components
 * read these): the providers, the two operations, and the query of the services' return to the
 * portal's callback address (`uri`, the portal's /{lang}/authcb).
 */

/** Providers with their own button style and name; SOCIAL_PROVIDERS may list others too. */
export const KNOWN_PROVIDERS = ["google", "facebook", "apple"] as const;
export type KnownProvider = (typeof KNOWN_PROVIDERS)[number];

export function isKnownProvider(channel: string): channel is KnownProvider {
  return (KNOWN_PROVIDERS as readonly string[]).includes(channel);
}

/** A provider name as SOCIAL_PROVIDERS spells it (lower case). */
export const CHANNEL_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** login: sign in (or sign up); bind: connect the provider to the signed-in account. */
export const SOCIAL_OPS = ["login", "bind"] as const;
export type SocialOp = (typeof SOCIAL_OPS)[number];

/**
 * The services redirect the browser to `uri` with these parameters:
 * - signed in: ut (the session token), c (the provider), r, p, and n=1 when the account was just created;
 * - connected (bind): op=bind, c (the provider), r, p;
 * - the account must be proved first (connection screen, or an email to verify): lt (a ticket), c, r, p;
 * - two-step sign-in holds it (20901): tt (the second step's ticket), c, r, p;
 * - failed: error (an error code), op, r, p.
 * Each keeps the query `uri` had (the portal's `sn`).
 */
export const SOCIAL_RETURN = {
  token: "ut",
  redirect: "r",
  brand: "p",
  created: "n",
  op: "op",
  channel: "c",
  ticket: "lt",
  twoStep: "tt",
  error: "error",
  /**
   * The round trip's own nonce, set by the portal in `uri` (its callback address) and kept by the
   * services, which return to `uri` with their parameters added: the callback is taken only when it
   * carries the nonce of the sign-in this browser started (lib/social/cookies.ts).
   */
  state: "sn",
} as const;

/** A round trip's nonce as the portal makes it (24 random bytes, base64url). */
export const SOCIAL_STATE_PATTERN = /^[A-Za-z0-9_-]{32}$/;
