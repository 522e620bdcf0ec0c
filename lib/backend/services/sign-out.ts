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

/** The user signs out of this session: the apps' sessions made from it end too (back-channel logout). */
export async function signOut(sessionId: string): Promise<void> {
  const ended = await endSession(sessionId);
  if (ended) await endAppSessionsOf(ended.userId, ended.createdAt);
}
