import { ErrorCode } from "@/lib/contract/errors";
import type { ActionError } from "@/lib/session/action-result";

/**
 * A sign-in the services held back: for device security's emailed code (20109, `challenge`) or
 * for the second step of two-step sign-in (20901, `challenge` is its ticket); and what the form had.
 */
export type SignInHold = { kind: "device" | "twoStep"; challenge: string; remember: boolean };

/** The hold of a failed sign-in, when the services asked for a further step; else null. */
export function signInHoldOf(error: ActionError, remember: boolean): SignInHold | null {
  if (!error.challenge) return null;
  if (error.code === ErrorCode.deviceVerificationRequired) return { kind: "device", challenge: error.challenge, remember };
  if (error.code === ErrorCode.twoStepRequired) return { kind: "twoStep", challenge: error.challenge, remember };
  return null;
}
