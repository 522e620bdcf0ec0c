"use server";

import { loginCodeSchema, loginPasswordSchema, type LoginCodeInput, type LoginPasswordInput } from "@/lib/validation/auth";
import { verificationValueSchema, type VerificationValue } from "@/lib/validation/verification";
import { loginWithCode, loginWithPassword } from "@/lib/upstream/passport";
import { exchangeVerification } from "@/lib/upstream/verification";
import { actionFailure, fieldErrors, resolvePage, storeToken, upstreamContext, type PageRef } from "@/lib/session/server";
import type { ActionResult, SignInResult } from "@/lib/session/action-result";
import { signInResult } from "@/lib/session/sign-in-result";
import { ErrorCode } from "@/lib/contract/errors";

/**
 * Signs in with email and password. After repeated failures the services answer 20106; the
 * form then shows the human verification and calls again with its value, which becomes a ticket.
 */
export async function loginWithPasswordAction(
  input: LoginPasswordInput,
  page: PageRef,
  verification?: VerificationValue,
): Promise<ActionResult<SignInResult>> {
  const parsed = loginPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const checked = verification === undefined ? undefined : verificationValueSchema.safeParse(verification);
  if (checked && !checked.success) return { ok: false, error: { code: ErrorCode.verificationFailed } };
  const at = await resolvePage(page);
  const { email, password, remember } = parsed.data;
  try {
    const ctx = await upstreamContext(at.lang, at.launch, null, { ensureDevice: true });
    const ticket = checked
      ? (await exchangeVerification(ctx, { scene: "password_login", email, provider: checked.data.provider, value: checked.data.value })).ticket
      : undefined;
    const session = await loginWithPassword(ctx, { email, password, remember, ticket });
    await storeToken(session.utoken, remember, { uid: session.uid, enterprise: false });
    return { ok: true, ...(await signInResult(at.lang, page.query, session.utoken)) };
  } catch (error) {
    return actionFailure(error, at);
  }
}

/** Signs in with the code emailed for the nonce of sendEmailCodeAction (purpose "login"). */
export async function loginWithCodeAction(input: LoginCodeInput & { nonce: string }, page: PageRef): Promise<ActionResult<SignInResult>> {
  const parsed = loginCodeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  if (typeof input.nonce !== "string" || input.nonce.length < 16) {
    return { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };
  }
  const at = await resolvePage(page);
  const { email, code, remember } = parsed.data;
  try {
    const session = await loginWithCode(await upstreamContext(at.lang, at.launch, null, { ensureDevice: true }), { email, code, nonce: input.nonce, remember });
    await storeToken(session.utoken, remember, { uid: session.uid, enterprise: false });
    return { ok: true, ...(await signInResult(at.lang, page.query, session.utoken)) };
  } catch (error) {
    return actionFailure(error, at);
  }
}
