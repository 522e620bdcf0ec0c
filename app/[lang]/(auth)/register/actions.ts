"use server";

import { registerSchema, sendCodeSchema, type RegisterInput } from "@/lib/validation/auth";
import { register, sendEmailCode, verifyEmail } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors, launchFromQuery, storeToken, toActionError, upstreamContext } from "@/lib/session/server";
import { afterSignInPath } from "@/lib/session/after-sign-in";
import { isLocale } from "@/lib/i18n/routing";

type Page = { lang: string; query: string };

/** Emails a registration code; returns the nonce the code is bound to and the resend wait. */
export async function sendRegisterCodeAction(
  input: { email: string },
  page: Page,
): Promise<ActionResult<{ nonce: string; resendAfter: number }>> {
  const parsed = sendCodeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const lang = isLocale(page.lang) ? page.lang : "en";
  try {
    const context = await upstreamContext(lang, await launchFromQuery(page.query));
    const { nonce } = await verifyEmail(context, { email: parsed.data.email });
    const { resendAfter } = await sendEmailCode(context, { email: parsed.data.email, nonce, purpose: "register" });
    return { ok: true, nonce, resendAfter };
  } catch (error) {
    return { ok: false, error: toActionError(error) };
  }
}

export async function registerAction(
  input: RegisterInput & { nonce: string },
  page: Page,
): Promise<ActionResult<{ redirect: string }>> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  if (typeof input.nonce !== "string" || input.nonce.length < 16) return { ok: false, error: { code: 20204, fields: { code: "codeRequestFirst" } } };
  const lang = isLocale(page.lang) ? page.lang : "en";
  try {
    const context = await upstreamContext(lang, await launchFromQuery(page.query));
    const session = await register(context, { email: parsed.data.email, password: parsed.data.password, code: parsed.data.code, nonce: input.nonce });
    await storeToken(session.utoken, false);
    return { ok: true, redirect: await afterSignInPath(lang, page.query) };
  } catch (error) {
    return { ok: false, error: toActionError(error) };
  }
}
