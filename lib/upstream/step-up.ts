import "server-only";
import { stepUpResponse, stepUpStatusResponse, type StepUpProof, type StepUpStatus } from "@/lib/contract/step-up";
import { passportCall, type UpstreamContext } from "./context";

/** Step-up on the passport API (lib/contract/step-up.ts): a recent proof in this session. */

/** Whether this session holds a recent proof, and the ways the account can make one (GET /v1/user/step-up). */
export async function getStepUpStatus(ctx: UpstreamContext): Promise<StepUpStatus> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/step-up", schema: stepUpStatusResponse });
}

/** Proves with the password, or with an emailed code of purpose "step_up" (POST /v1/user/step-up); wrong → 20206 / 20204. */
export async function proveStepUp(ctx: UpstreamContext, input: { password: string } | { code: string; nonce: string }): Promise<StepUpProof> {
  const body = "password" in input ? { password: input.password } : { captcha: input.code, nonce: input.nonce };
  return passportCall(ctx, { method: "POST", path: "/v1/user/step-up", body, schema: stepUpResponse });
}
