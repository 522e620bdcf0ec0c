import { and, eq } from "drizzle-orm";
import { now } from "../clock";
import { getDb } from "../db/client";
import { sessions, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import type { Identity } from "../social/identity";
import { assertIpAllowed } from "./protection";
import { liveAt, type ClientInfo } from "./sessions";
import { finishSignIn } from "./sign-in-finish";
import { connectIdentity, createSocialUser, ownerOf, refreshIdentityName } from "./social-identities";
import { createLinkTicket, type LinkRow } from "./social-links";
import { findUserByEmail, type UserRow } from "./users";

/**
 * What a checked provider identity does (SPEC §4 social account states):
 * - connected to an account: signs in to it;
 * - unknown, with a verified email no account has: a new account (no password) connected to it;
 * - its email belongs to an account not connected to it: nothing merges, a ticket for the
 *   connection screen, which connects after the account's password or an emailed code;
 * - no verified email: a ticket for the screen that asks for one and verifies it with a code.
 * Enterprise accounts never sign in or connect socially (20305). A social sign-in is
 * remembered (365 days) like a token handed over in the address, and device security does
 * not hold it back: the provider's own sign-in stood in for the emailed device code. It is one
 * factor, though: an account with two-step on gets no session before the second step (20901
 * with a ticket, finished by POST /v1/login/two-step like every held sign-in; docs/security.md).
 */
export type SocialOutcome =
  | { kind: "session"; token: string; uid: string; created: boolean }
  | { kind: "ticket"; ticket: string; reason: "connect" | "email" };

/**
 * `link`: the connection screen's ticket whose identity the account gets with the session (not
 * before the second step, when two-step holds it); `deviceHash`: the browser's device when the
 * caller is the services' callback (two-step-hold.ts SocialHold). The rest is finishSignIn's.
 */
export type SessionOptions = { link?: LinkRow; deviceHash?: string | null };

export async function sessionFor(
  user: UserRow,
  channel: string,
  client: ClientInfo,
  created: boolean,
  options: SessionOptions = {},
): Promise<Extract<SocialOutcome, { kind: "session" }>> {
  const { token } = await finishSignIn("social", client, async () => {
    if (user.enterpriseId) throw new ServiceError(ErrorCode.socialEnterprise);
    return { user, proved: ["social"], remember: true, social: { channel, linkId: options.link?.id ?? null, deviceHash: options.deviceHash } };
  });
  return { kind: "session", token, uid: user.id, created };
}

/** op=login: sign in, sign up, or a ticket for what needs the user first. */
export async function signInWithIdentity(identity: Identity, client: ClientInfo, deviceHash: string | null = null): Promise<SocialOutcome> {
  await assertIpAllowed(client.ip);
  // Twice at most: a sign-up that lost a race to another one finds the account the second time.
  for (let round = 0; round < 2; round++) {
    const owner = await ownerOf(identity);
    if (owner) {
      await refreshIdentityName(identity);
      return sessionFor(owner, identity.channel, client, false, { deviceHash });
    }
    if (!identity.email || !identity.emailVerified) {
      return { kind: "ticket", reason: "email", ticket: await createLinkTicket({ kind: "email", identity, user: null, client }) };
    }
    const existing = await findUserByEmail(identity.email);
    if (existing) {
      // A sign-up of this very identity that committed since the first look made this account
      // (the account and its identity are written in one transaction): sign in to it.
      const ownerNow = await ownerOf(identity);
      if (ownerNow) {
        await refreshIdentityName(identity);
        return sessionFor(ownerNow, identity.channel, client, false, { deviceHash });
      }
      if (existing.enterpriseId) throw new ServiceError(ErrorCode.socialEnterprise);
      return { kind: "ticket", reason: "connect", ticket: await createLinkTicket({ kind: "connect", identity, user: existing, client }) };
    }
    const created = await createSocialUser({ ...identity, email: identity.email }, client.appCode);
    if (created) return sessionFor(created, identity.channel, client, true);
  }
  throw new ServiceError(ErrorCode.socialAuthFailed);
}

/**
 * op=bind: connect the identity to the account of a live session. Taken by another account →
 * 20302; the account has another of this provider → 20309; the provider's verified email is
 * another account's → 20208; an enterprise account → 20305; the session ended meanwhile → 20101.
 */
export async function bindIdentity(account: { userId: string; sessionId: string | null }, identity: Identity): Promise<void> {
  const db = await getDb();
  const conditions = [eq(sessions.userId, account.userId), liveAt(now())];
  if (account.sessionId) conditions.push(eq(sessions.id, account.sessionId));
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(...conditions))
    .limit(1);
  if (!row || row.user.status === "banned") throw new ServiceError(ErrorCode.loginExpired);
  const { user } = row;
  if (user.enterpriseId) throw new ServiceError(ErrorCode.socialEnterprise);
  const owner = await ownerOf(identity);
  if (owner?.id === user.id) return;
  if (owner) throw new ServiceError(ErrorCode.socialBoundElsewhere);
  if (identity.email && identity.emailVerified) {
    const other = await findUserByEmail(identity.email);
    if (other && other.id !== user.id) throw new ServiceError(ErrorCode.emailBoundElsewhere);
  }
  await connectIdentity(user.id, identity);
}
