import { canonicalEmail } from "@/lib/contract/fields";
import { ErrorCode, ServiceError } from "../errors";
import { describeEnterprise, findEnterpriseByAccount } from "./enterprises";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import {
  assertIpAllowed,
  assertMaySignIn,
  assertNoPasswordDelay,
  forgetPasswordFailures,
  guardSignIn,
  notePasswordFailure,
  refuseSignIn,
  takeEnterpriseLookup,
  type SignInAttempt,
} from "./protection";
import { openSession } from "./device-sign-in";
import { endUserSessions, type ClientInfo, type SessionRow } from "./sessions";
import { setPasswordHash, type UserRow } from "./users";

/** Enterprise sign-in: account ID + enterprise email + password. */

/** The enterprise behind an account ID (20202 if none); lookups are counted per IP, with the sign-ins. */
export async function verifyEnterpriseAccount(account: string, client: ClientInfo): Promise<{ account: string; name: string }> {
  await assertIpAllowed(client.ip);
  await takeEnterpriseLookup(client.ip);
  return describeEnterprise(account);
}

/**
 * After the guards of protection.ts, each attempt counts as an account-ID lookup of the IP
 * (the same budget as POST /v1/enterprise/verify/account, 429 over it). An unknown account ID,
 * an email that is not a user of that enterprise (a consumer, or another enterprise's user) and
 * a wrong password all get one answer, 20205, in the same time (a dummy hash is checked when
 * there is no user); the failure log keeps which it was. Restricted → 20103; banned → 20105;
 * an unknown device with device security on → 20109.
 */
export async function enterpriseLogin(
  input: { account: string; email: string; password: string; remember?: boolean; ticket?: string },
  client: ClientInfo,
): Promise<{ utoken: string; uid: string; defaultPassword: boolean }> {
  const attempt: SignInAttempt = { email: canonicalEmail(input.email), ip: client.ip, method: "enterprise" };
  const { user: account } = await guardSignIn(attempt, { verification: { scene: "enterprise_login", ticket: input.ticket } });
  await takeEnterpriseLookup(client.ip);
  const enterprise = await findEnterpriseByAccount(input.account);
  const user = enterprise ? account : null;
  if (!enterprise || !user || user.enterpriseId !== enterprise.id) {
    await verifyAgainstDummy(input.password);
    const reason = enterprise ? ErrorCode.incorrectCredentials : ErrorCode.accountNotFound;
    throw await refuseSignIn(attempt, reason, ErrorCode.incorrectCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw await refuseSignIn(attempt, ErrorCode.incorrectCredentials);
  }
  await assertMaySignIn(user, attempt);
  await forgetPasswordFailures(attempt.email);
  const { token } = await openSession(user, client, input.remember ?? false);
  return { utoken: token, uid: user.id, defaultPassword: user.defaultPassword };
}

/**
 * PATCH /v1/enterprise/password: enterprise users only (consumers → 20102). A wrong old
 * password → 20206 and counts like a wrong sign-in password (the same growing wait). The
 * default-password flag clears, and the account's other sessions end unless signOutOthers is false.
 */
export async function changeEnterprisePassword(
  current: { user: UserRow; session: SessionRow },
  input: { oldPassword: string; newPassword: string; signOutOthers: boolean },
): Promise<void> {
  const { user, session } = current;
  if (!user.enterpriseId) throw new ServiceError(ErrorCode.insufficientAuthority);
  await assertNoPasswordDelay(user.email);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await notePasswordFailure(user.email);
    throw new ServiceError(ErrorCode.incorrectPassword);
  }
  await setPasswordHash(user.id, await hashPassword(input.newPassword));
  if (input.signOutOthers) await endUserSessions(user.id, session.id);
  await forgetPasswordFailures(user.email);
}
