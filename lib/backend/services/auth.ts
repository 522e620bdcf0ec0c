import type { SessionData } from "@/lib/contract/passport";
import { ErrorCode, ServiceError } from "../errors";
import { consumeVerificationCode } from "./codes";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import { createSession, type ClientInfo } from "./sessions";
import { createUser, emailHasAccount, findUserByEmail } from "./users";

/** Sign-up with an emailed code: the account, then a session. */
export async function register(
  input: { email: string; password: string; captcha: string; nonce: string },
  client: ClientInfo,
): Promise<SessionData> {
  if (await emailHasAccount(input.email)) throw new ServiceError(ErrorCode.accountExists);
  await consumeVerificationCode({ email: input.email, purpose: "register", nonce: input.nonce, code: input.captcha });
  const user = await createUser({ email: input.email, passwordHash: await hashPassword(input.password) });
  const { token } = await createSession(user.id, client, false);
  return { utoken: token, uid: user.id };
}

/** Email + password. Unknown email → 20202, wrong password → 20205, not active → 20103. */
export async function login(
  input: { email: string; password: string; remember?: boolean },
  client: ClientInfo,
): Promise<SessionData> {
  const user = await findUserByEmail(input.email);
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new ServiceError(ErrorCode.accountNotFound);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new ServiceError(ErrorCode.incorrectCredentials);
  }
  if (user.status !== "active") throw new ServiceError(ErrorCode.accountRestricted);
  const { token } = await createSession(user.id, client, input.remember ?? false);
  return { utoken: token, uid: user.id };
}
