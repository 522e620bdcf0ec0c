"use server";

import { localeOf } from "@/lib/i18n/routing";
import { resolveSocialReturn, type SocialReturnResult } from "@/lib/social/return";

/**
 * The social round trip's last step, called by /{lang}/authcb with its own query (the page is
 * static; the token in the address never reaches the server in a page render).
 */
export async function completeSocialReturnAction(lang: string, search: string): Promise<SocialReturnResult> {
  return resolveSocialReturn(localeOf(lang), typeof search === "string" ? search : "");
}
