import { bySelf, recordAccountEvent } from "./account-events";
import { ErrorCode, ServiceError } from "../errors";
import { describeEnterprise } from "./enterprises";
import { assertNewPasswordAllowed } from "./password-check";
import { hashPassword, verifyPassword } from "./passwords";
import { assertIpAllowed, assertNoPasswordDelay, forgetPasswordFailures, notePasswordFailure, takeEnterpriseLookup } from "./protection";
import { signIn } from "./sign-in";
import { sendSecurityNotice } from "./security-notices";
import { enterprisePassword } from "./sign-in-factors";
import type { ClientInfo, SessionRow } from "./sessions";
import { endUserSessions } from "./sign-out";
import { setPasswordHash, type UserRow } from "./users";

/** Enterprise sign-in: account ID + enterprise email + password. */

/** The enterprise behind an account ID (20202 if none); lookups are counted per IP, with the sign-ins. */
export async function verifyEnterpriseAccount(account: string, client: ClientInfo): Promise<{ account: string; name: string }> {
  await assertIpAllowed(client.ip);
  await takeEnterpriseLookup(client.ip);
  return describeEnterprise(account);
}

/**
 * The sign-in pipeline (sign-in.ts) with the enterprise factor: an unknown account ID, an email
 * that is not a user of that enterprise and a wrong password all get 20205 in the same time.
 * Restricted → 20103; banned → 20105; an unknown device with device security on → 20109.
 */
export async function enterpriseLogin(
  input: { account: string; email: string; password: string; remember?: boolean; ticket?: string },
  client: ClientInfo,
): Promise<{ utoken: string; uid: string; defaultPassword: boolean }> {
  const factor = enterprisePassword(input.account, input.password, input.ticket, client.ip);
  const { token, user } = await signIn(input.email, factor, client, input.remember ?? false);
  return { utoken: token, uid: user.id, defaultPassword: user.defaultPassword };
}

/**
 * PATCH /v1/enterprise/password: enterprise users only (consumers → 20102). A common or leaked
 * new password → 20220. A wrong old password → 20206 and counts like a wrong sign-in password
 * (the same growing wait). The default-password flag clears, the account's other sessions end
 * unless signOutOthers is false, and the owner gets a security notice.
 */
export async function changeEnterprisePassword(
  current: { user: UserRow; session: SessionRow },
  input: { oldPassword: string; newPassword: string; signOutOthers: boolean },
  client: ClientInfo,
): Promise<void> {
  const { user, session } = current;
  if (!user.enterpriseId) throw new ServiceError(ErrorCode.insufficientAuthority);
  await assertNewPasswordAllowed(input.newPassword);
  await assertNoPasswordDelay(user.email);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await notePasswordFailure(user.email);
    throw new ServiceError(ErrorCode.incorrectPassword);
  }
  await setPasswordHash(user.id, await hashPassword(input.newPassword));
  if (input.signOutOthers) await endUserSessions(user.id, session.id);
  await forgetPasswordFailures(user.email);
  await recordAccountEvent(user.id, "password_changed", bySelf(client));
  sendSecurityNotice(user, "password_changed", client);
}
