"use server";

import { ErrorCode } from "@/lib/contract/errors";
import { authenticationResponseJson, type AuthenticationOptions, type PasskeySignals } from "@/lib/contract/passkeys";
import { loginWithPasskey, passkeySignInOptions } from "@/lib/upstream/passkeys";
import { actionFailure, resolvePage, storeToken, upstreamContext, type PageRef } from "@/lib/session/server";
import type { ActionResult, SignInResult } from "@/lib/session/action-result";
import { signInResult } from "@/lib/session/sign-in-result";

/**
 * Sign-in with a passkey, from /login or /login-business (a button, or the email field's
 * autofill). The options name no account (a discoverable credential); the answer is a full
 * sign-in like the password's: the token stored, the host hand-off and `r` handled by
 * signInResult. An enterprise user's passkey leads to the business home.
 */
export async function passkeySignInOptionsAction(page: PageRef): Promise<ActionResult<AuthenticationOptions>> {
  const at = await resolvePage(page);
  try {
    return { ok: true, ...(await passkeySignInOptions(await upstreamContext(at.lang, at.launch, null))) };
  } catch (error) {
    return actionFailure(error, at);
  }
}

export async function passkeySignInAction(input: { attempt: string; response: unknown; remember: boolean }, page: PageRef): Promise<ActionResult<SignInResult & { signals?: PasskeySignals }>> {
  const response = authenticationResponseJson.safeParse(input.response);
  if (!response.success || typeof input.attempt !== "string" || !/^[A-Za-z0-9_-]{32,128}$/.test(input.attempt)) {
    return { ok: false, error: { code: ErrorCode.passkeyMalformed } };
  }
  const remember = input.remember === true;
  const at = await resolvePage(page);
  try {
    const ctx = await upstreamContext(at.lang, at.launch, null, { ensureDevice: true });
    const session = await loginWithPasskey(ctx, { attempt: input.attempt, response: response.data, remember });
    await storeToken(session.utoken, remember, { uid: session.uid, enterprise: session.enterprise });
    // the account's passkeys, for the browser to forget those removed elsewhere (lib/passkeys/browser.ts)
    return { ok: true, ...(await signInResult(at.lang, page.query, session.utoken, session.enterprise)), ...(session.signals ? { signals: session.signals } : {}) };
  } catch (error) {
    return actionFailure(error, at);
  }
}
