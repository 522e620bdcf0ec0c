"use server";

import { findPasswordSchema, type FindPasswordInput } from "@/lib/validation/auth";
import { findPassword } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { actionFailure, fieldErrors, resolvePage, upstreamContext, type PageRef } from "@/lib/session/server";
import { ErrorCode } from "@/lib/contract/errors";

/**
 * Sets a new password with the code emailed by sendEmailCodeAction (purpose "findpwd").
 * The services end every session of the account; the user then logs in with the new password.
 */
export async function findPasswordAction(input: FindPasswordInput & { nonce: string }, page: PageRef): Promise<ActionResult> {
  const parsed = findPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  if (typeof input.nonce !== "string" || input.nonce.length < 16) {
    return { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };
  }
  const at = await resolvePage(page);
  const { email, code, password } = parsed.data;
  try {
    await findPassword(await upstreamContext(at.lang, at.launch), { email, code, nonce: input.nonce, password });
    return { ok: true };
  } catch (error) {
    return actionFailure(error, at);
  }
}
