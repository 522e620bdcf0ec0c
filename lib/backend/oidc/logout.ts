import type { KoaContextWithOIDC } from "oidc-provider";
import { endSession } from "../services/sessions";
import { portalSignIn } from "./account";

/**
 * RP-initiated logout, "sign out everywhere": the provider has ended its session and revoked the
 * grants of its apps; the browser's portal sign-in (its utoken) ends too, so the next sign-in at an
 * app asks for the password again instead of coming back through the portal's session. "Only
 * this app" signs out of the asking app alone and leaves the portal signed in.
 * A post-middleware of the provider (its documented `provider.use`).
 */
export async function endPortalSessionOnLogout(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  if (ctx.oidc?.route !== "end_session_confirm" || ctx.status !== 303 || !ctx.oidc.params?.logout) return;
  // the account whose provider session just ended; the provider also ends a session by itself
  // when another user has signed in to the portal meanwhile: that user's sign-in stays
  const accountId = ctx.oidc.session?.accountId;
  const signedIn = accountId ? await portalSignIn(ctx.req.headers) : null;
  if (signedIn && signedIn.user.id === accountId) await endSession(signedIn.session.id);
}
