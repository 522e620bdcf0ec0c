/**
 * A session token handed over in the address (`?ut=`), as host apps and the social callback do
 * (SPEC §4). Login CSRF is the danger: a page on another site could make a browser load
 * `…?ut=<the attacker's token>` in an image or a fetch and sign its user into the attacker's
 * account. So a token in the address is taken only when the browser is navigating a top-level
 * window or a frame to it, and it never silently replaces a different signed-in user: while
 * another valid session is stored, the stored one is kept and the page says so.
 */
export type HandoffRequest = {
  /** Sec-Fetch-Mode, when the browser sent it */
  fetchMode: string | null;
  /** Sec-Fetch-Dest, when the browser sent it */
  fetchDest: string | null;
  accept: string | null;
};

/** True for a navigation of a top-level window or a frame; a subresource or script fetch is not one. */
export function isNavigation(request: HandoffRequest): boolean {
  if (request.fetchMode !== null || request.fetchDest !== null) {
    return request.fetchMode === "navigate" && (request.fetchDest === "document" || request.fetchDest === "iframe" || request.fetchDest === "frame");
  }
  // A browser too old for Fetch Metadata: only a request for a page.
  return /\btext\/html\b/i.test(request.accept ?? "");
}

export type HandoffDecision =
  /** store the handed token (no other session, or the same account) */
  | { action: "take" }
  /** keep the stored session: it belongs to someone else, or the handed token is no good */
  | { action: "keep"; notice: "otherAccount" | null }
  /** not a navigation: ignore the token entirely */
  | { action: "ignore" };

export function decideHandoff(input: {
  navigation: boolean;
  handed: { valid: boolean; uid: string | null };
  stored: { valid: boolean; uid: string | null } | null;
}): HandoffDecision {
  if (!input.navigation) return { action: "ignore" };
  if (!input.handed.valid) return { action: "keep", notice: null };
  if (input.stored?.valid && input.stored.uid !== input.handed.uid) return { action: "keep", notice: "otherAccount" };
  return { action: "take" };
}
