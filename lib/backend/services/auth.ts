import { bySelf, recordAccountEvent } from "./account-events";
import type { SessionData } from "@/lib/contract/passport";
import { canonicalEmail } from "@/lib/contract/fields";
import { ErrorCode, ServiceError } from "../errors";
import { checkVerificationCode, consumeVerificationCode } from "./codes";
import { assertNewPasswordAllowed } from "./password-check";
import { hashPassword } from "./passwords";
import { assertIpAllowed, forgetPasswordFailures, takeCodeCheck } from "./protection";
import { openSession } from "./session-open";
import { sendSecurityNotice } from "./security-notices";
import { signIn } from "./sign-in";
import { consumerPassword, emailedCode } from "./sign-in-factors";
import type { ClientInfo } from "./sessions";
import { endUserSessions } from "./sign-out";
import { createUser, emailHasAccount, findUserByEmail, setPasswordHash } from "./users";

/**
 * Sign-up with an emailed code: the account, then a session. Banned IP → 20104. The code is
 * checked before the account is looked at, so only the mailbox's owner can hear "Account already
 * exists" (20201; a register code is only mailed to an address without one, so this is a race);
 * a made-up code is 20204 whatever the email. A common or leaked password → 20220 before the code
 * is looked at, so the code stays good for a second try.
 */
export async function register(
  input: { email: string; password: string; captcha: string; nonce: string },
  client: ClientInfo,
): Promise<SessionData> {
  await assertIpAllowed(client.ip);
  // counted with the code checks (per address), so anonymous callers cannot make the range API work for free
  await takeCodeCheck(client.ip);
  await assertNewPasswordAllowed(input.password);
  await consumeVerificationCode({ email: input.email, purpose: "register", nonce: input.nonce, code: input.captcha });
  if (await emailHasAccount(input.email)) throw new ServiceError(ErrorCode.accountExists);
  // the session below records the same app code: the brand of registration, kept on the account
  const user = await createUser({ email: input.email, passwordHash: await hashPassword(input.password), registrationAppCode: client.appCode });
  const { token } = await openSession(user, client, false);
  return { utoken: token, uid: user.id };
}

/**
 * Email + password, consumers only: the sign-in pipeline (sign-in.ts) with the password factor.
 * An unknown email, an enterprise user or a wrong password → 20205 in the same time; a verified
 * caller hears 20202 for an unknown email within the lookup budgets. Restricted → 20103;
 * banned → 20105; an unknown device with device security on → 20109.
 */
export async function login(
  input: { email: string; password: string; remember?: boolean; ticket?: string },
  client: ClientInfo,
): Promise<SessionData> {
  const { token, user } = await signIn(input.email, consumerPassword(input.password, input.ticket), client, input.remember ?? false);
  return { utoken: token, uid: user.id };
}

/**
 * Email + an emailed code of purpose "login", consumers only (the emailed-code factor): wrong,
 * expired or used code → 20204 before the account is looked at. Device security never holds it
 * back: the emailed code has proved the mailbox a device code goes to.
 */
export async function loginWithCode(
  input: { email: string; captcha: string; nonce: string; remember?: boolean },
  client: ClientInfo,
): Promise<SessionData> {
  const { token, user } = await signIn(input.email, emailedCode(input.captcha, input.nonce, client.ip), client, input.remember ?? false);
  return { utoken: token, uid: user.id };
}

/**
 * Checks an emailed code of purpose "findpwd" before the new password is asked for, without
 * redeeming it: findPassword still takes it. The same guards as findPassword (banned IP → 20104;
 * the per-IP cap on code checks) and the same five attempts per code: a wrong check spends one,
 * so checking is no way around the limit. Bad code → 20204, whatever the email: the code is
 * checked before the account is looked at (unknown email → 20202 only after a right code, a race).
 */
export async function checkFindPasswordCode(
  input: { email: string; captcha: string; nonce: string },
  client: ClientInfo,
): Promise<{ expiresIn: number }> {
  await assertIpAllowed(client.ip);
  const email = canonicalEmail(input.email);
  await takeCodeCheck(client.ip);
  const checked = await checkVerificationCode({ email, purpose: "findpwd", nonce: input.nonce, code: input.captcha });
  if (!(await findUserByEmail(email))) throw new ServiceError(ErrorCode.accountNotFound);
  return checked;
}

/**
 * A new password with an emailed code of purpose "findpwd": the old password stops working
 * and every session of the account ends. A common or leaked password → 20220 before the code is
 * spent. Bad code → 20204, checked first as above; then unknown email → 20202 (a race). The
 * owner gets a security notice.
 */
export async function findPassword(
  input: { email: string; captcha: string; nonce: string; password: string },
  client: ClientInfo,
): Promise<void> {
  await assertIpAllowed(client.ip);
  const email = canonicalEmail(input.email);
  await takeCodeCheck(client.ip);
  await assertNewPasswordAllowed(input.password);
  await consumeVerificationCode({ email, purpose: "findpwd", nonce: input.nonce, code: input.captcha });
  const user = await findUserByEmail(email);
  if (!user) throw new ServiceError(ErrorCode.accountNotFound);
  await setPasswordHash(user.id, await hashPassword(input.password));
  await endUserSessions(user.id);
  await forgetPasswordFailures(email);
  await recordAccountEvent(user.id, "password_reset", bySelf(client));
  sendSecurityNotice(user, "password_changed", client);
}
