"use server";

import { registerSchema, type RegisterInput } from "@/lib/validation/auth";
import { register } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { actionFailure, fieldErrors, resolvePage, storeToken, upstreamContext, type PageRef } from "@/lib/session/server";
import { afterSignInPath } from "@/lib/session/after-sign-in";
import { ErrorCode } from "@/lib/contract/errors";

/** Creates the account with the code emailed by sendEmailCodeAction (purpose "register"). */
export async function registerAction(input: RegisterInput & { nonce: string }, page: PageRef): Promise<ActionResult<{ redirect: string }>> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  if (typeof input.nonce !== "string" || input.nonce.length < 16) {
    return { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };
  }
  const at = await resolvePage(page);
  try {
    const context = await upstreamContext(at.lang, at.launch, null, { ensureDevice: true });
    const session = await register(context, { email: parsed.data.email, password: parsed.data.password, code: parsed.data.code, nonce: input.nonce });
    await storeToken(session.utoken, false);
    return { ok: true, redirect: await afterSignInPath(at.lang, page.query) };
  } catch (error) {
    return actionFailure(error, at);
  }
}
