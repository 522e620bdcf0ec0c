"use server";

import { ErrorCode } from "@/lib/contract/errors";
import type { StepUpMethod } from "@/lib/contract/step-up";
import { getUserBasic, sendEmailCode, verifyEmail } from "@/lib/upstream/passport";
import { getStepUpStatus, proveStepUp } from "@/lib/upstream/step-up";
import { exchangeVerification } from "@/lib/upstream/verification";
import { nonceField } from "@/lib/validation/fields";
import { stepUpCodeSchema, stepUpPasswordSchema } from "@/lib/validation/step-up";
import { verificationValueSchema, type VerificationValue } from "@/lib/validation/verification";
import type { ActionResult } from "@/lib/session/action-result";
import { signedIn, type SignedInPage } from "@/lib/session/signed-in";
import { fieldErrors } from "@/lib/session/server";

/** Step-up's mutations: the ways a signed-in user proves it is them before a security-lowering change. */

/** The ways this account can prove itself (the step-up dialog asks when it opens). */
export async function stepUpMethodsAction(page: SignedInPage): Promise<ActionResult<{ methods: StepUpMethod[] }>> {
  return signedIn(page, async (ctx) => ({ methods: (await getStepUpStatus(ctx)).methods }));
}

/** Proves with the current password; a wrong one is 20206 and counts like a wrong sign-in. */
export async function stepUpWithPasswordAction(input: { password: string }, page: SignedInPage): Promise<ActionResult> {
  const parsed = stepUpPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx) => {
    await proveStepUp(ctx, { password: parsed.data.password });
    return {};
  });
}

/**
 * Mails a step-up code to the account's own address (an account without a password): the human
 * verification becomes a ticket for scene "step_up", POST /v1/user/verify/email gives the nonce,
 * POST /v1/captcha (type "step_up") sends the code. The address comes from the session.
 */
export async function sendStepUpCodeAction(
  input: { verification: VerificationValue },
  page: SignedInPage,
): Promise<ActionResult<{ nonce: string; resendAfter: number }>> {
  const verification = verificationValueSchema.safeParse(input.verification);
  if (!verification.success) return { ok: false, error: { code: ErrorCode.verificationFailed } };
  return signedIn(page, async (ctx) => {
    const { email } = await getUserBasic(ctx);
    const { provider, value } = verification.data;
    const { ticket } = await exchangeVerification(ctx, { scene: "step_up", email, provider, value });
    const { nonce } = await verifyEmail(ctx);
    const { resendAfter } = await sendEmailCode(ctx, { email, nonce, purpose: "step_up", ticket });
    return { nonce, resendAfter };
  });
}

/** Proves with the emailed code; a wrong, used or expired one is 20204. */
export async function stepUpWithCodeAction(input: { code: string; nonce: string }, page: SignedInPage): Promise<ActionResult> {
  const parsed = stepUpCodeSchema.safeParse({ code: input.code });
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const nonce = nonceField(input.nonce);
  if (!nonce.ok) return { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };
  return signedIn(page, async (ctx) => {
    await proveStepUp(ctx, { code: parsed.data.code, nonce: nonce.value });
    return {};
  });
}
