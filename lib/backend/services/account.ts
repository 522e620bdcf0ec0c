import { eq } from "drizzle-orm";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import {
  deviceChallenges,
  emailNonces,
  knownDevices,
  outboxMails,
  sessions,
  signInFailures,
  socialAccounts,
  users,
  verificationCodes,
  verificationTickets,
} from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { removeOutboxFilesOf } from "../mail/outbox";
import { revokeAppAccess } from "../oidc/revoke";
import { isConfigured } from "../social/settings";
import { getFileStorage } from "../storage";
import { removeStoredFile } from "./avatars";
import { consumeVerificationCode } from "./codes";
import { issueEmailNonce } from "./nonces";
import { assertNewPasswordAllowed } from "./password-check";
import { hashPassword, verifyPassword } from "./passwords";
import { assertNoPasswordDelay, forgetPasswordFailures, notePasswordFailure, takeCodeCheck } from "./protection";
import { bySelf, recordAccountEvent } from "./account-events";
import { sendSecurityNotice } from "./security-notices";
import type { ClientInfo, SessionRow } from "./sessions";
import { endUserSessions } from "./sign-out";
import { assertRecentProof, type SignedIn } from "./step-up";
import { setPasswordHash, type UserRow } from "./users";

/** Account security: the password, connected social accounts, deleting the account. */

/**
 * PATCH /v1/user/password, consumers and enterprise users alike. A common or leaked new
 * password → 20220, before anything else. A wrong current password → 20206 and counts like a
 * wrong sign-in password (the same growing wait, 429). The current session stays; the account's
 * other sessions end unless the caller untick signOutOthers (a changed password usually means
 * the old one may be known to someone else); the apps' grants and refresh tokens are revoked
 * either way. The owner gets a security notice.
 */
export async function changePassword(
  current: { user: UserRow; session: SessionRow },
  input: { oldPassword: string; newPassword: string; signOutOthers: boolean },
  client: ClientInfo,
): Promise<void> {
  const { user } = current;
  await assertNewPasswordAllowed(input.newPassword);
  await assertNoPasswordDelay(user.email);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await notePasswordFailure(user.email);
    throw new ServiceError(ErrorCode.incorrectPassword);
  }
  await setPasswordHash(user.id, await hashPassword(input.newPassword));
  // the apps sign in again whatever the user chose for the portal's sessions (docs/oidc.md)
  await revokeAppAccess(user.id);
  if (input.signOutOthers) await endUserSessions(user.id, current.session.id);
  await forgetPasswordFailures(user.email);
  await recordAccountEvent(user.id, "password_changed", bySelf(client));
  sendSecurityNotice(user, "password_changed", client);
}

/**
 * GET /v1/user/oauth/list: each provider of SOCIAL_PROVIDERS, connected when a social account
 * links it to the user, and whether the account has a password (social sign-up makes none).
 */
export async function socialAccountList(
  user: UserRow,
): Promise<{ providers: Array<{ channel: string; connected: boolean; name: string | null }>; passwordSet: boolean }> {
  const db = await getDb();
  const linked = await db.select().from(socialAccounts).where(eq(socialAccounts.userId, user.id));
  const config = getConfig();
  // a provider without a client cannot connect: listed only while an account is still connected to it, so it can be disconnected
  const providers = config.socialProviders.flatMap((channel) => {
    const row = linked.find((account) => account.channel === channel);
    if (!row && !isConfigured(config.social.providers[channel])) return [];
    return [{ channel, connected: row !== undefined, name: row?.name ?? null }];
  });
  return { providers, passwordSet: user.passwordSet };
}

/** POST /v1/user/verify/email: a nonce for a code to the user's own address (for account deletion). */
export async function issueOwnEmailNonce(user: UserRow, ip: string | null): Promise<{ nonce: string }> {
  return issueEmailNonce(user.email, ip);
}

/**
 * POST /v1/user/delete with the code of purpose "delete" (wrong, used or expired → 20204).
 * In one transaction: the user row and everything kept about the account (sessions, known
 * devices, device challenges, social links, codes, nonces, tickets, sign-in failures and the
 * mail log of the address); then the avatar file and the address's outbox files. Every session ends with it, the address may
 * register again. Enterprise accounts belong to their enterprise: → 20102.
 * An account with a password needs a recent step-up proof of this session first (20113, checked
 * before the code is spent, so the same code works once proved); for an account without one the
 * emailed code is already the proof step-up would ask for.
 */
export async function deleteAccount(current: SignedIn, input: { captcha: string; nonce: string }, ip: string | null): Promise<void> {
  const { user, session } = current;
  if (user.enterpriseId) throw new ServiceError(ErrorCode.insufficientAuthority);
  if (user.passwordSet) assertRecentProof(session);
  await takeCodeCheck(ip);
  await consumeVerificationCode({ email: user.email, purpose: "delete", nonce: input.nonce, code: input.captcha });
  await removeAccount(user);
}

/**
 * The account and everything kept about it, at once (its own deletion above, or an operator's
 * from the console). Redemptions stay as used codes without their account (set null).
 */
export async function removeAccount(user: UserRow): Promise<void> {
  const db = await getDb();
  const avatarKey = await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(knownDevices).where(eq(knownDevices.userId, user.id));
    await tx.delete(deviceChallenges).where(eq(deviceChallenges.userId, user.id));
    await tx.delete(socialAccounts).where(eq(socialAccounts.userId, user.id));
    await tx.delete(verificationCodes).where(eq(verificationCodes.email, user.email));
    await tx.delete(emailNonces).where(eq(emailNonces.email, user.email));
    await tx.delete(verificationTickets).where(eq(verificationTickets.email, user.email));
    await tx.delete(signInFailures).where(eq(signInFailures.email, user.email));
    await tx.delete(outboxMails).where(eq(outboxMails.toAddress, user.email));
    const [removed] = await tx.delete(users).where(eq(users.id, user.id)).returning({ headpicKey: users.headpicKey });
    return removed?.headpicKey ?? null;
  });
  await revokeAppAccess(user.id);
  await forgetPasswordFailures(user.email);
  await removeOutboxFilesOf(user.email);
  if (avatarKey) await removeStoredFile(getFileStorage(), avatarKey);
}
