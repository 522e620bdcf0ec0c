"use server";

import { findPasswordCodeSchema, findPasswordSchema, type FindPasswordCodeInput, type FindPasswordInput } from "@/lib/validation/auth";
import { checkFindPasswordCode, findPassword } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { actionFailure, fieldErrors, resolvePage, upstreamContext, type PageRef } from "@/lib/session/server";
import { ErrorCode } from "@/lib/contract/errors";

const NO_CODE_REQUESTED: ActionResult = { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };

function hasNonce(nonce: unknown): nonce is string {
  return typeof nonce === "string" && nonce.length >= 16;
}

/**
 * The code step: checks the emailed code (purpose "findpwd") before the new password is asked
 * for, without using it up; findPasswordAction checks it again. A wrong one is 20204.
 */
export async function checkFindPasswordCodeAction(input: FindPasswordCodeInput & { nonce: string }, page: PageRef): Promise<ActionResult> {
  const parsed = findPasswordCodeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  if (!hasNonce(input.nonce)) return NO_CODE_REQUESTED;
  const at = await resolvePage(page);
  try {
    await checkFindPasswordCode(await upstreamContext(at.lang, at.launch), { email: parsed.data.email, code: parsed.data.code, nonce: input.nonce });
    return { ok: true };
  } catch (error) {
    return actionFailure(error, at);
  }
}

/**
 * Sets a new password with the code emailed by sendEmailCodeAction (purpose "findpwd").
 * The services end every session of the account; the user then logs in with the new password.
 */
export async function findPasswordAction(input: FindPasswordInput & { nonce: string }, page: PageRef): Promise<ActionResult> {
  const parsed = findPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  if (!hasNonce(input.nonce)) return NO_CODE_REQUESTED;
  const at = await resolvePage(page);
  const { email, code, password } = parsed.data;
  try {
    await findPassword(await upstreamContext(at.lang, at.launch), { email, code, nonce: input.nonce, password });
    return { ok: true };
  } catch (error) {
    return actionFailure(error, at);
  }
}
