"use server";

import { registerSchema, type RegisterInput } from "@/lib/validation/auth";
import { register } from "@/lib/upstream/passport";
import { actionFailure, fieldErrors, resolvePage, storeToken, upstreamContext, type PageRef } from "@/lib/session/server";
import type { ActionResult, SignInResult } from "@/lib/session/action-result";
import { signInResult } from "@/lib/session/sign-in-result";
import { ErrorCode } from "@/lib/contract/errors";

/** Creates the account with the code emailed by sendEmailCodeAction (purpose "register"). */
export async function registerAction(input: RegisterInput & { nonce: string }, page: PageRef): Promise<ActionResult<SignInResult>> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  if (typeof input.nonce !== "string" || input.nonce.length < 16) {
    return { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };
  }
  const at = await resolvePage(page);
  try {
    const context = await upstreamContext(at.lang, at.launch, null, { ensureDevice: true });
    const session = await register(context, { email: parsed.data.email, password: parsed.data.password, code: parsed.data.code, nonce: input.nonce });
    await storeToken(session.utoken, false, { uid: session.uid, enterprise: false });
    return { ok: true, ...(await signInResult(at.lang, page.query, session.utoken)) };
  } catch (error) {
    return actionFailure(error, at);
  }
}
