"use server";

import { enterpriseLoginSchema, type EnterpriseLoginInput } from "@/lib/validation/auth";
import { verificationValueSchema, type VerificationValue } from "@/lib/validation/verification";
import { enterpriseLogin } from "@/lib/upstream/passport";
import { exchangeVerification } from "@/lib/upstream/verification";
import { actionFailure, fieldErrors, resolvePage, storeToken, upstreamContext, type PageRef } from "@/lib/session/server";
import type { ActionResult, SignInResult } from "@/lib/session/action-result";
import { signInResult } from "@/lib/session/sign-in-result";
import { ErrorCode } from "@/lib/contract/errors";

/**
 * Enterprise sign-in: account ID, email and password in one call, whose refusal is the same
 * (20205) whichever of them is wrong, so the form tells nobody which account IDs exist (the
 * services' account lookup is not asked first). A 20106 answer asks for human verification,
 * whose value comes with the next call and becomes a ticket.
 */
export async function enterpriseLoginAction(
  input: EnterpriseLoginInput,
  page: PageRef,
  verification?: VerificationValue,
): Promise<ActionResult<SignInResult>> {
  const parsed = enterpriseLoginSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const checked = verification === undefined ? undefined : verificationValueSchema.safeParse(verification);
  if (checked && !checked.success) return { ok: false, error: { code: ErrorCode.verificationFailed } };
  const at = await resolvePage(page, true);
  const { account, email, password, remember } = parsed.data;
  try {
    const ctx = await upstreamContext(at.lang, at.launch, null, { ensureDevice: true });
    const ticket = checked
      ? (await exchangeVerification(ctx, { scene: "enterprise_login", email, provider: checked.data.provider, value: checked.data.value })).ticket
      : undefined;
    const session = await enterpriseLogin(ctx, { account, email, password, remember, ticket });
    await storeToken(session.utoken, remember, { uid: session.uid, enterprise: true });
    return { ok: true, ...(await signInResult(at.lang, page.query, session.utoken, true)) };
  } catch (error) {
    return actionFailure(error, at);
  }
}
