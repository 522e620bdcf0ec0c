"use server";

import { loginPasswordSchema, type LoginPasswordInput } from "@/lib/validation/auth";
import { loginWithPassword } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors, launchFromQuery, storeToken, toActionError, upstreamContext } from "@/lib/session/server";
import { afterSignInPath } from "@/lib/session/after-sign-in";
import { isLocale } from "@/lib/i18n/routing";

export async function loginWithPasswordAction(
  input: LoginPasswordInput,
  page: { lang: string; query: string },
): Promise<ActionResult<{ redirect: string }>> {
  const parsed = loginPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const lang = isLocale(page.lang) ? page.lang : "en";
  const launch = await launchFromQuery(page.query);
  try {
    const session = await loginWithPassword(await upstreamContext(lang, launch), { email: parsed.data.email, password: parsed.data.password, remember: parsed.data.remember });
    await storeToken(session.utoken, parsed.data.remember);
    return { ok: true, redirect: await afterSignInPath(lang, page.query) };
  } catch (error) {
    return { ok: false, error: toActionError(error) };
  }
}
