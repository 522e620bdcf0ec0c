"use server";

import { codeField, emailField } from "@/lib/validation/fields";
import { deviceChallengeField } from "@/lib/validation/security";
import { booleanField, formSchema, nested } from "@/lib/validation/form-schema";
import { codeRequestPurposeSchema, verificationValueSchema, type CodeRequestPurpose, type VerificationValue } from "@/lib/validation/verification";
import { getUserBasic, sendEmailCode, verifyEmail } from "@/lib/upstream/passport";
import { loginWithDevice } from "@/lib/upstream/security";
import { exchangeVerification } from "@/lib/upstream/verification";
import { actionFailure, fieldErrors, resolvePage, storeToken, upstreamContext, type PageRef } from "@/lib/session/server";
import type { ActionResult, SignInResult } from "@/lib/session/action-result";
import { signInResult } from "@/lib/session/sign-in-result";

const sendEmailCodeSchema = formSchema({ email: emailField, purpose: codeRequestPurposeSchema, verification: nested(verificationValueSchema) });

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
    const ctx = await upstreamContext(at.lang, at.launch, null, { ensureDevice: true });
    const { ticket } = await exchangeVerification(ctx, { scene: purpose, email, provider: verification.provider, value: verification.value });
    const { nonce } = await verifyEmail(ctx, { email });
    const { resendAfter } = await sendEmailCode(ctx, { email, nonce, purpose, ticket });
    return { ok: true, nonce, resendAfter };
  } catch (error) {
    return actionFailure(error, at);
  }
}

const confirmDeviceSchema = formSchema({ challenge: deviceChallengeField, code: codeField, remember: booleanField });

/**
 * The device-code step of a sign-in that device security held back (20109): the challenge that
 * came with it and the code mailed to the account (POST /v1/login/device). Then the user's home
 * as after any sign-in: profile-business for an enterprise user (where a default password is
 * still warned about), else settings or a safe `r`.
 */
export async function confirmDeviceAction(
  input: { challenge: string; code: string; remember: boolean },
  page: PageRef,
): Promise<ActionResult<SignInResult>> {
  const parsed = confirmDeviceSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const at = await resolvePage(page);
  const { challenge, code, remember } = parsed.data;
  try {
    const ctx = await upstreamContext(at.lang, at.launch, null, { ensureDevice: true });
    const session = await loginWithDevice(ctx, { challenge, code, remember });
    const user = await getUserBasic({ ...ctx, token: session.utoken });
    await storeToken(session.utoken, remember, { uid: user.uid, enterprise: Boolean(user.enterpriseUser?.uid) });
    return { ok: true, ...(await signInResult(at.lang, page.query, session.utoken, Boolean(user.enterpriseUser?.uid))) };
  } catch (error) {
    return actionFailure(error, at);
  }
}
