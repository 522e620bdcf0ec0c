"use server";

import { operatorSignInRequest } from "@/lib/contract/console/session";
import { localeOf } from "@/lib/i18n/routing";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors, toActionError } from "@/lib/session/server";
import { signInOperator, signOutOperator } from "@/lib/upstream/console";
import { clearOperatorToken, consoleAction, consoleContext, consoleHome, storeOperatorToken } from "@/lib/console/session";

/** Operator sign-in (password and authenticator code) and sign-out; the console's own cookie. */
export async function operatorSignInAction(input: { email: string; password: string; code: string }, lang: string): Promise<ActionResult<{ redirect: string }>> {
  const locale = localeOf(lang);
  const parsed = operatorSignInRequest.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  try {
    const { token } = await signInOperator(await consoleContext(locale), parsed.data);
    await storeOperatorToken(token);
    return { ok: true, redirect: `${consoleHome(locale)}/users` };
  } catch (error) {
    return { ok: false, error: toActionError(error) };
  }
}

export async function operatorSignOutAction(lang: string): Promise<ActionResult<{ redirect: string }>> {
  const locale = localeOf(lang);
  const result = await consoleAction(locale, async (ctx) => {
    await signOutOperator(ctx);
    return {};
  });
  await clearOperatorToken();
  if (!result.ok && !result.error.redirect) return result;
  return { ok: true, redirect: consoleHome(locale) };
}
