import "server-only";
import {
  altchaChallengeResponse,
  verificationConfigResponse,
  verificationTicketResponse,
  type VerificationConfig,
  type VerificationProvider,
  type VerificationScene,
} from "@/lib/contract/verification";
import { ErrorCode } from "@/lib/contract/errors";
import type { VerificationSetup } from "@/lib/validation/verification";
import { isUpstreamError } from "./errors";
import { passportCall, type PassportCall, type UpstreamContext } from "./context";

/** Human verification on the passport API (SPEC §7): which provider, ALTCHA challenges, tickets. No session token is sent. */
function verificationFetch<T>(ctx: UpstreamContext, call: PassportCall<T>): Promise<T> {
  return passportCall({ ...ctx, token: undefined }, call);
}

/** The provider the services expect and its public keys (GET /v1/verify/config). */
export async function getVerificationConfig(ctx: UpstreamContext): Promise<VerificationConfig> {
  return verificationFetch(ctx, { method: "GET", path: "/v1/verify/config", schema: verificationConfigResponse });
}

/** A proof-of-work challenge for one scene and email (GET /v1/verify/challenge), passed to the widget as it is. */
export async function getAltchaChallenge(ctx: UpstreamContext, input: { scene: VerificationScene; email: string }): Promise<Record<string, unknown>> {
  return verificationFetch(ctx, {
    method: "GET",
    path: "/v1/verify/challenge",
    query: { scene: input.scene, email: input.email },
    schema: altchaChallengeResponse,
  });
}

const TICKET_CALLS: Record<VerificationProvider, { path: string; field: "payload" | "token" | "nvc" }> = {
  altcha: { path: "/v1/verify/pow", field: "payload" },
  recaptcha: { path: "/v1/verify/ncdata/google", field: "token" },
  aliyun: { path: "/v2/verify/ncdata", field: "nvc" },
};

/**
 * Exchanges what a verification widget produced for a single-use ticket bound to the scene
 * and email: POST /v1/verify/pow (ALTCHA), /v1/verify/ncdata/google (reCAPTCHA) or
 * /v2/verify/ncdata (Aliyun nvc).
 */
export async function exchangeVerification(
  ctx: UpstreamContext,
  input: { scene: VerificationScene; email: string; provider: VerificationProvider; value: string },
): Promise<{ ticket: string; expiresIn: number }> {
  const call = TICKET_CALLS[input.provider];
  return verificationFetch(ctx, {
    method: "POST",
    path: call.path,
    body: { scene: input.scene, email: input.email, [call.field]: input.value },
    schema: verificationTicketResponse,
  });
}

/**
 * The verification setup for a page render. A page still renders when the services cannot be
 * asked: its form then says why when verification is needed.
 */
export async function loadVerificationSetup(ctx: UpstreamContext): Promise<VerificationSetup> {
  try {
    return { ok: true, config: await getVerificationConfig(ctx) };
  } catch (error) {
    return { ok: false, code: isUpstreamError(error) ? error.code : ErrorCode.systemError };
  }
}
