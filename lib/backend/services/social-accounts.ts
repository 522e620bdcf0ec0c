import { BY_SUPPORT, bySelf, recordAccountEvent, type EventBy } from "./account-events";
import { and, eq } from "drizzle-orm";
import { socialAccounts } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { consumeVerificationCode } from "./codes";
import { assertNewPasswordAllowed } from "./password-check";
import { hashPassword } from "./passwords";
import { takeCodeCheck } from "./protection";
import { assertRecentProof, type SignedIn } from "./step-up";
import { sendSecurityNotice } from "./security-notices";
import type { ClientInfo } from "./sessions";
import { setPasswordHash, type UserRow } from "./users";
import { removeWayIn } from "./ways-in";

/** Account security's side of social sign-in: disconnecting a provider and a first password. */

/**
 * POST /v1/user/unbind/oauth. Not connected to that provider → 20303. The last way in (no
 * password, no passkey and this is the only provider: services/ways-in.ts) → 20304: the account
 * would be locked out; the portal offers to set a password first. Said before the step-up
 * check, so nobody proves themselves for a change that cannot happen. Then a way in goes away:
 * a recent proof of this session (services/step-up.ts), else 20113.
 */
export async function unbindProvider(current: SignedIn, channel: string, client: ClientInfo): Promise<void> {
  await disconnect(current.user, channel, () => assertRecentProof(current.session), bySelf(client));
}

/**
 * An operator's disconnection (the console, with a reason in its audit log): the same rules but
 * the user's own step-up, which an operator cannot give.
 */
export async function disconnectByOperator(user: UserRow, channel: string): Promise<void> {
  await disconnect(user, channel, () => undefined, BY_SUPPORT);
}

async function disconnect(user: UserRow, channel: string, assertProof: () => void, by: EventBy): Promise<void> {
  await removeWayIn(user.id, {
    find: async (tx) => {
      const [target] = await tx.select({ id: socialAccounts.id }).from(socialAccounts).where(and(eq(socialAccounts.userId, user.id), eq(socialAccounts.channel, channel)));
      if (!target) throw new ServiceError(ErrorCode.socialUnbindFailed);
      return target;
    },
    assertProof,
    remove: async (tx, target) => {
      await tx.delete(socialAccounts).where(and(eq(socialAccounts.id, target.id), eq(socialAccounts.userId, user.id)));
      await recordAccountEvent(user.id, "social_disconnected", by, { provider: channel, db: tx });
    },
  });
}

/**
 * POST /v1/user/password/set: a first password for an account made by social sign-in, with a
 * code of purpose "findpwd" mailed to the account's own address (POST /v1/user/verify/email,
 * then /v1/captcha). The account's sessions stay. It has a password already → 20310; an
 * enterprise account → 20102; a common or leaked password → 20220, before the code is spent.
 * The owner gets a security notice.
 */
export async function setFirstPassword(user: UserRow, input: { captcha: string; nonce: string; password: string }, client: ClientInfo): Promise<void> {
  if (user.enterpriseId) throw new ServiceError(ErrorCode.insufficientAuthority);
  if (user.passwordSet) throw new ServiceError(ErrorCode.passwordAlreadySet);
  await takeCodeCheck(client.ip);
  await assertNewPasswordAllowed(input.password);
  await consumeVerificationCode({ email: user.email, purpose: "findpwd", nonce: input.nonce, code: input.captcha });
  await setPasswordHash(user.id, await hashPassword(input.password));
  await recordAccountEvent(user.id, "password_set", bySelf(client));
  sendSecurityNotice(user, "password_changed", client);
}
