import { ErrorCode, ServiceError } from "../errors";
import { consumeVerificationCode } from "./codes";
import { takeCodeCheck } from "./protection";
import { proofSecondsLeft, proveStepUp, recordProof, type SignedIn } from "./step-up";

/**
 * Proof that the account's owner, not just someone at a signed-in browser, asks for a change that
 * lowers the account's security (turning device security off). It is the step-up
 * (services/step-up.ts) like every other guarded change: a recent proof of this session, else
 * 20113. A caller of the contract may still send the proof inside the request: the current
 * password (checked exactly as POST /v1/user/step-up checks it: a wrong one → 20206, counted like
 * a wrong sign-in) or a code of purpose "security" (wrong → 20204). Either is recorded on the
 * session as its step-up proof, so it counts for the next guarded change too, and the portal's
 * step-up dialog is never asked for again within the 5 minutes.
 */
export type OwnerProof = { password?: string; captcha?: string; nonce?: string };

export async function assertOwnerProof(current: SignedIn, proof: OwnerProof, ip: string | null): Promise<void> {
  if (proofSecondsLeft(current.session) > 0) return;
  if (proof.password !== undefined) {
    await proveStepUp(current, { password: proof.password }, ip);
    return;
  }
  if (proof.captcha !== undefined && proof.nonce !== undefined) {
    await takeCodeCheck(ip);
    await consumeVerificationCode({ email: current.user.email, purpose: "security", nonce: proof.nonce, code: proof.captcha });
    await recordProof(current.session.id, "email_code");
    return;
  }
  throw new ServiceError(ErrorCode.stepUpRequired);
}
