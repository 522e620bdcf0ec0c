import { amrOf, type portalSignIn } from "../account";
import { acrOfAmr } from "../acr";
import { oidcProvider } from "../provider";
import { providerSessionsOf } from "../revoke";
import { TTL } from "../settings";

type SignedIn = NonNullable<Awaited<ReturnType<typeof portalSignIn>>>;

/**
 * The provider session a FedCM sign-in belongs to, as a code-flow sign-in belongs to the one the
 * provider keeps in its cookie: the account, the portal sign-in's time as its login time (as the
 * interaction gives it, interaction.ts), and the app in its authorizations with a `sid` and the
 * grant. So the portal's sign-out ends it as it ends the code flow's (revoke.ts: endAppSessionsOf
 * finds the sessions by that login time), each app with a back-channel logout URI is sent a logout
 * token naming that `sid`, and "Remove access" and every revocation reach the app too.
 *
 * The browser never holds this session's cookie (the FedCM requests are the browser's, not a
 * page's, and the provider's own cookie is the code flow's): it lives only here. An app signed in
 * again through FedCM during the same portal sign-in, on the same grant, comes back to the same
 * session and `sid`; anything else gets a session of its own.
 */
export async function providerSessionFor(signedIn: SignedIn, clientId: string, grantId: string): Promise<{ uid: string; sid: string }> {
  const { provider } = await oidcProvider();
  const loginTs = Math.floor(signedIn.session.createdAt.getTime() / 1000);
  const accountId = signedIn.user.id;
  const known = (await providerSessionsOf(accountId)).find((session) => session.loginTs === loginTs && session.authorizations[clientId]?.grantId === grantId);
  const found = known ? await provider.Session.find(known.id) : undefined;
  if (found && found.accountId === accountId) {
    const sid = found.sidFor(clientId);
    if (sid) return { uid: found.uid, sid };
  }
  const session = new provider.Session();
  const amr = amrOf(signedIn.session);
  session.loginAccount({ accountId, loginTs, acr: acrOfAmr(amr), ...(amr.length > 0 ? { amr } : {}) });
  session.ensureClientContainer(clientId);
  session.grantIdFor(clientId, grantId);
  const sid = session.sidFor(clientId);
  if (!sid) throw new Error("the provider session has no sid for the app");
  await session.save(TTL.Session);
  return { uid: session.uid, sid };
}
