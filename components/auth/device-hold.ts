import { ErrorCode } from "@/lib/contract/errors";
import type { ActionError } from "@/lib/session/action-result";

/** A sign-in held back for a new device: the challenge to finish it with, and what the form had. */
export type DeviceHold = { challenge: string; remember: boolean };

/** The hold of a failed sign-in, when device security asked for a code (20109 with its challenge). */
export function deviceHoldOf(error: ActionError, remember: boolean): DeviceHold | null {
  return error.code === ErrorCode.deviceVerificationRequired && error.challenge ? { challenge: error.challenge, remember } : null;
}
