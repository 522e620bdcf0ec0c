import { interactionPolicy, type KoaContextWithOIDC } from "oidc-provider";
import { portalSignIn } from "./account";
import { acrCheck } from "./acr";

/**
 * One session: the provider's session in a browser lives only as long as the portal's sign-in in
 * that browser, for the same account. Once the user signs out of the portal (or the session is
 * ended from another device, or by an operator), or another user signs in there, the provider
 * asks for the login again: `prompt=none` gets login_required, an ordinary request goes back
 * through the portal's sign-in page. An extra check of the login prompt (oidc-provider's
 * `interactions.policy`), beside its own (no session, max_age, id_token_hint, …).
 */
const { base, Check } = interactionPolicy;

async function portalSignInEnded(ctx: KoaContextWithOIDC): Promise<boolean> {
  const accountId = ctx.oidc.session?.accountId;
  // no session at all is the built-in no_session check's case
  if (!accountId) return Check.NO_NEED_TO_PROMPT;
  const signedIn = await portalSignIn(ctx.req.headers);
  return signedIn?.user.id === accountId ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
}

export function interactionPrompts(): interactionPolicy.DefaultPolicy {
  const prompts = base();
  prompts.get("login")?.checks.add(new Check("portal_signed_out", "the portal sign-in of this browser has ended", "login_required", portalSignInEnded));
  // a sign-in weaker than the app's acr_values is taken again (acr.ts)
  prompts.get("login")?.checks.add(acrCheck());
  return prompts;
}
