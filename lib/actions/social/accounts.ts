"use server";

import { ErrorCode } from "@/lib/contract/errors";
import { CHANNEL_PATTERN } from "@/lib/contract/social-return";
import { getUserBasic, sendEmailCode, verifyEmail } from "@/lib/upstream/passport";
import { setFirstPassword, unbindSocial } from "@/lib/upstream/social";
import { exchangeVerification } from "@/lib/upstream/verification";
import { nonceField } from "@/lib/validation/fields";
import { setPasswordSchema, type SetPasswordInput } from "@/lib/validation/social";
import { verificationValueSchema, type VerificationValue } from "@/lib/validation/verification";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors } from "@/lib/session/server";
import { signedIn, type SignedInPage } from "@/lib/session/signed-in";

/**
 * Account security's social side: disconnecting a provider (connecting is a round trip, started
 * by a form post to app/api/social/[channel]) and the first password of an account made by
 * social sign-in, with a code mailed to the account's own address.
 */

/** POST /v1/user/unbind/oauth; the last way in is refused with 20304, which the page answers with its set-password offer. */
export async function unbindSocialAction(input: { channel: string }, page: SignedInPage): Promise<ActionResult> {
  if (typeof input.channel !== "string" || !CHANNEL_PATTERN.test(input.channel)) return { ok: false, error: { code: ErrorCode.invalidParams } };
  return signedIn(page, async (ctx) => {
    await unbindSocial(ctx, input.channel);
    return {};
  });
}

/**
 * A code (purpose "findpwd", which only ever goes to an existing account's own address) for a
 * first password: the human verification becomes a ticket for that address, then the nonce
 * (POST /v1/user/verify/email) and the code (POST /v1/captcha). The address comes from the session.
 */
export async function sendFirstPasswordCodeAction(
  input: { verification: VerificationValue },
  page: SignedInPage,
): Promise<ActionResult<{ nonce: string; resendAfter: number }>> {
  const verification = verificationValueSchema.safeParse(input.verification);
  if (!verification.success) return { ok: false, error: { code: ErrorCode.verificationFailed } };
  return signedIn(page, async (ctx) => {
    const { email } = await getUserBasic(ctx);
    const { ticket } = await exchangeVerification(ctx, { scene: "findpwd", email, provider: verification.data.provider, value: verification.data.value });
    const { nonce } = await verifyEmail(ctx);
    return { nonce, ...(await sendEmailCode(ctx, { email, nonce, purpose: "findpwd", ticket })) };
  });
}

/** POST /v1/user/password/set: the emailed code and the new password twice; the sessions stay. */
export async function setFirstPasswordAction(input: SetPasswordInput & { nonce: string }, page: SignedInPage): Promise<ActionResult> {
  const parsed = setPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const nonce = nonceField(input.nonce);
  if (!nonce.ok) return { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };
  return signedIn(page, async (ctx) => {
    await setFirstPassword(ctx, { code: parsed.data.code, nonce: nonce.value, password: parsed.data.password });
    return {};
  });
}
