"use server";

import { logout } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { clearToken, loginPageFor, readToken, resolvePage, toActionError, upstreamContext, type PageRef } from "@/lib/session/server";

/**
 * Ends the session upstream (an already expired login counts as ended) and clears the cookie;
 * then the matching login page: login-business from the business screens, else login.
 */
export async function logoutAction(page: PageRef & { business?: boolean }): Promise<ActionResult<{ redirect: string }>> {
  const at = await resolvePage(page, page.business === true);
  const token = await readToken();
  if (token) {
    try {
      await logout(await upstreamContext(at.lang, at.launch, token));
    } catch (error) {
      return { ok: false, error: toActionError(error) };
    }
  }
  await clearToken();
  return { ok: true, redirect: loginPageFor(at) };
}
