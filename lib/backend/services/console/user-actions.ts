import { and, eq, isNull } from "drizzle-orm";
import { now } from "../../clock";
import { endAppSessionsOf } from "../../oidc/revoke";
import { getDb } from "../../db/client";
import { sessions } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import type { Lang } from "../../lang";
import { getMailer } from "../../mail";
import { removeAccount } from "../account";
import { portalOrigin } from "../security-notices";
import { endUserSessions } from "../sign-out";
import { disconnectByOperator } from "../social-accounts";
import { isTwoStepOn } from "../two-step";
import { resetTwoStepByOperator } from "../two-step-reset";
import { mailLanguage, type UserStatus } from "../users";
import { changeUserStatus } from "../user-status";
import { BY_SUPPORT, recordAccountEvent } from "../account-events";
import { userRowById } from "./user-detail";

/**
 * What an operator does to a user (the console's user page). Each returns what the audit log
 * records about it; the routes write the entry. The same rules as the commands of cli/commands.ts.
 */

/** The status rule is services/user-status.ts, shared with the CLI; here the user is found by id. */
export async function setStatus(id: string, status: UserStatus): Promise<{ previous: UserStatus; ended: number }> {
  return changeUserStatus(await userRowById(id), status);
}

/** One session (by id, if it is this user's and still going) or every session of the user. */
export async function endSessions(id: string, sessionId: string | undefined): Promise<number> {
  await userRowById(id);
  if (!sessionId) {
    const all = await endUserSessions(id);
    if (all > 0) await recordAccountEvent(id, "sessions_ended", BY_SUPPORT);
    return all;
  }
  const db = await getDb();
  const ended = await db
    .update(sessions)
    .set({ endedAt: now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, id), isNull(sessions.endedAt)))
    .returning({ createdAt: sessions.createdAt });
  if (ended.length === 0) throw new ServiceError(ErrorCode.notFound);
  for (const row of ended) await endAppSessionsOf(id, row.createdAt);
  await recordAccountEvent(id, "sessions_ended", BY_SUPPORT);
  return ended.length;
}

/** Refused as for the user (20303 not connected, 20304 the last way in). */
export async function disconnectSocial(id: string, channel: string): Promise<void> {
  await disconnectByOperator(await userRowById(id), channel);
}

/**
 * Two-step off (services/two-step-reset.ts, as `user:reset-two-step`): the security notice goes
 * out in the console's language. Not on → 20905 (nothing to reset; a setup
 * waiting for its first code stays, and no session ends).
 */
export async function resetTwoStep(id: string, lang: Lang): Promise<number> {
  const user = await userRowById(id);
  if (!(await isTwoStepOn(user.id))) throw new ServiceError(ErrorCode.twoStepNotOn);
  const { wasOn, sessionsEnded } = await resetTwoStepByOperator(user, lang);
  // turned off by the user between the two reads
  if (!wasOn) throw new ServiceError(ErrorCode.twoStepNotOn);
  return sessionsEnded;
}

const RESET_TEXT: Record<Lang, (page: string) => { subject: string; text: string }> = {
  en: (page) => ({
    subject: "Reset your password",
    text: [
      "Our support team started a password reset for your account.",
      "",
      `Open ${page} and follow the steps to set a new password (we send a code to this address).`,
      "If you did not contact us about your account, you can ignore this email.",
    ].join("\n"),
  }),
  zh: (page) => ({
    subject: "重置您的密码",
    text: ["我们的客服为您的账号发起了密码重置。", "", `请打开 ${page} 按步骤设置新密码（验证码将发送到本邮箱）。`, "如果您没有就账号问题联系过我们，请忽略此邮件。"].join("\n"),
  }),
};

/**
 * A mail that sends the user to the portal's find-password page, where the usual emailed code
 * resets the password. The link is built here, from PUBLIC_ORIGIN (security-notices.ts's rule
 * for every link in a mail), never taken from the caller: an official mail pointing elsewhere
 * would be phishing. It holds no code or link token: nothing in it is a credential. Returns the
 * link, for the audit log.
 */
export async function sendPasswordReset(id: string, lang: Lang): Promise<{ email: string; link: string }> {
  const user = await userRowById(id);
  if (user.enterpriseId) throw new ServiceError(ErrorCode.insufficientAuthority);
  // the account's language, not the operator's (the console's only for an account without one)
  const language = mailLanguage(user, lang);
  const link = `${portalOrigin()}/${language}/findpwd`;
  await getMailer().send({ to: user.email, ...RESET_TEXT[language](link) });
  await recordAccountEvent(user.id, "password_reset_mail", BY_SUPPORT);
  return { email: user.email, link };
}

export async function deleteUser(id: string): Promise<string> {
  const user = await userRowById(id);
  await removeAccount(user);
  return user.email;
}
