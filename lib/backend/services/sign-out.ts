import { inTransaction } from "../db/client";
import { endAppSessionsOf, revokeAppAccess } from "../oidc/revoke";
import { endSession, endUserSessionRows } from "./sessions";

/**
 * Ending a user's sessions reaches the apps signed in through the OpenID Provider (docs/oidc.md,
 * "One session"). Apart from sessions.ts because the provider's own modules read sessions there.
 */

/**
 * End every live session of a user, or every one but `exceptSessionId`; how many ended. Every
 * app's grants and refresh tokens are revoked with them (each app with a back-channel logout URI
 * is told): every path that ends the user's other sessions (end all sessions, a password reset,
 * an operator's ban or end-sessions, a two-step reset) means someone else may hold them.
 */
export async function endUserSessions(userId: string, exceptSessionId?: string): Promise<number> {
  await revokeAppAccess(userId);
  return endUserSessionRows(userId, exceptSessionId);
}

/**
 * `work` and the end of every live session of the user in one transaction (a refusal thrown by
 * `work` changes nothing); then every app's grants and refresh tokens are revoked, after the
 * commit, since the apps are told over the network. "This wasn't me" (disown.ts) uses it.
 */
export async function endEverySessionWith(userId: string, work: () => Promise<void>): Promise<number> {
  const ended = await inTransaction(async () => {
    await work();
    return endUserSessionRows(userId);
  });
  await revokeAppAccess(userId);
  return ended;
}

/** The user signs out of this session: the apps' sessions made from it end too (back-channel logout). */
export async function signOut(sessionId: string): Promise<void> {
  const ended = await endSession(sessionId);
  if (ended) await endAppSessionsOf(ended.userId, ended.createdAt);
}
