"use server";

import { logout } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { clearToken, launchFromQuery, readToken, toActionError, upstreamContext } from "@/lib/session/server";
import { forgetToken } from "@/lib/session/validate-token";
import { launchQuery } from "@/lib/launch/context";
import { isLocale } from "@/lib/i18n/routing";

/** Ends the session upstream (an already expired login counts as ended) and clears the cookie. */
export async function logoutAction(page: { lang: string; query: string }): Promise<ActionResult<{ redirect: string }>> {
  const lang = isLocale(page.lang) ? page.lang : "en";
  const launch = await launchFromQuery(page.query);
  const token = await readToken();
  if (token) {
    try {
      await logout(await upstreamContext(lang, launch, token));
    } catch (error) {
      return { ok: false, error: toActionError(error) };
    }
    await forgetToken(token);
  }
  await clearToken();
  const qs = launchQuery(launch).toString();
  return { ok: true, redirect: `/${lang}/login${qs ? `?${qs}` : ""}` };
}
