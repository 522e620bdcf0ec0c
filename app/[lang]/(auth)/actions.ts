"use server";

import { z } from "zod";
import { emailField } from "@/lib/validation/fields";
import { codeRequestPurposeSchema, verificationValueSchema, type CodeRequestPurpose, type VerificationValue } from "@/lib/validation/verification";
import { sendEmailCode, verifyEmail } from "@/lib/upstream/passport";
import { exchangeVerification } from "@/lib/upstream/verification";
import type { ActionResult } from "@/lib/session/action-result";
import { actionFailure, fieldErrors, resolvePage, upstreamContext, type PageRef } from "@/lib/session/server";

const sendEmailCodeSchema = z.object({ email: emailField, purpose: codeRequestPurposeSchema, verification: verificationValueSchema });

/**
 * Emails a code for register, code login or password recovery. The request went through human
 * verification first: its value becomes a ticket for this scene and email, then the code is
 * requested with it. Returns the nonce the code is bound to and the seconds before a resend.
 */
export async function sendEmailCodeAction(
  input: { email: string; purpose: CodeRequestPurpose; verification: VerificationValue },
  page: PageRef,
): Promise<ActionResult<{ nonce: string; resendAfter: number }>> {
  const parsed = sendEmailCodeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const at = await resolvePage(page);
  const { email, purpose, verification } = parsed.data;
  try {
    const ctx = await upstreamContext(at.lang, at.launch);
    const { ticket } = await exchangeVerification(ctx, { scene: purpose, email, provider: verification.provider, value: verification.value });
    const { nonce } = await verifyEmail(ctx, { email });
    const { resendAfter } = await sendEmailCode(ctx, { email, nonce, purpose, ticket });
    return { ok: true, nonce, resendAfter };
  } catch (error) {
    return actionFailure(error, at);
  }
}
