import { ErrorCode, ServiceError } from "../errors";
import { consumeVerificationCode } from "./codes";
import { verifyPassword } from "./passwords";
import { assertNoPasswordDelay, forgetPasswordFailures, notePasswordFailure, takeCodeCheck } from "./protection";
import type { UserRow } from "./users";

/**
 * Proof that the account's owner, not just someone at a signed-in browser, asks for a change that
 * lowers the account's security (turning device security off): the current password, or a code
 * of purpose "security" mailed to the account (the way for an account without a password).
 * A wrong password → 20206 and counts like a wrong sign-in password (the same growing wait,
 * 429); a wrong code → 20204; neither given → 10001 naming `password`.
 */
export type OwnerProof = { password?: string; captcha?: string; nonce?: string };

export async function assertOwnerProof(user: UserRow, proof: OwnerProof, ip: string | null): Promise<void> {
  if (proof.password !== undefined) {
    await assertNoPasswordDelay(user.email);
    if (!(await verifyPassword(user.passwordHash, proof.password))) {
      await notePasswordFailure(user.email);
      throw new ServiceError(ErrorCode.incorrectPassword);
    }
    await forgetPasswordFailures(user.email);
    return;
  }
  if (proof.captcha !== undefined && proof.nonce !== undefined) {
    await takeCodeCheck(ip);
    await consumeVerificationCode({ email: user.email, purpose: "security", nonce: proof.nonce, code: proof.captcha });
    return;
  }
  throw new ServiceError(ErrorCode.invalidParams, { fields: ["password"] });
}
