import "server-only";
import { sessionResponse, type SessionData } from "@/lib/contract/passport";
import { stepUpResponse, type StepUpProof } from "@/lib/contract/step-up";
import { recoveryCodesResponse, totpSetupResponse, twoStepStatusResponse, type TotpSetup, type TwoStepMethod, type TwoStepStatus } from "@/lib/contract/two-step";
import { passportCall, type UpstreamContext } from "./context";

/** Two-step sign-in on the passport API (lib/contract/two-step.ts). */

/** Whether two-step is on and the recovery codes left (GET /v1/user/two-step). */
export async function getTwoStepStatus(ctx: UpstreamContext): Promise<TwoStepStatus> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/two-step", schema: twoStepStatusResponse });
}

/** A new authenticator secret and its otpauth:// address, shown once (POST /v1/user/two-step/totp). */
export async function startTotpSetup(ctx: UpstreamContext): Promise<TotpSetup> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/two-step/totp", body: {}, schema: totpSetupResponse });
}

/** The app's first code turns two-step on; the ten recovery codes come back once. */
export async function confirmTotpSetup(ctx: UpstreamContext, input: { code: string }): Promise<{ recoveryCodes: string[] }> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/two-step/totp/confirm", body: input, schema: recoveryCodesResponse });
}

/** Turns two-step off (needs a recent step-up proof: 20113). */
export async function turnOffTwoStep(ctx: UpstreamContext): Promise<TwoStepStatus> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/two-step/off", body: {}, schema: twoStepStatusResponse });
}

/** Ten new recovery codes, the old ones stop working (needs a recent step-up proof: 20113). */
export async function renewRecoveryCodes(ctx: UpstreamContext): Promise<{ recoveryCodes: string[] }> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/two-step/recovery-codes", body: {}, schema: recoveryCodesResponse });
}

/** An authenticator code as the step-up proof (POST /v1/user/step-up/totp). */
export async function proveStepUpWithTotp(ctx: UpstreamContext, input: { code: string }): Promise<StepUpProof> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/step-up/totp", body: input, schema: stepUpResponse });
}

/** Finishes a sign-in held for its second step (20901) with an authenticator or recovery code. */
export async function loginWithSecondStep(ctx: UpstreamContext, input: { ticket: string; method: TwoStepMethod; code: string }): Promise<SessionData> {
  return passportCall(ctx, { method: "POST", path: "/v1/login/two-step", body: input, schema: sessionResponse });
}
