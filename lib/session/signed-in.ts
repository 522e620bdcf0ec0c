import "server-only";
import type { UpstreamContext } from "@/lib/upstream/context";
import type { ActionResult, PageRef } from "./action-result";
import { actionFailure, endExpiredSession, readToken, resolvePage, upstreamContext, type ActionPage } from "./server";

/**
 * The one way a server action works for the signed-in user: the session's token, an upstream
 * context for the page's language and launch, and every failure mapped the same way (20101 ends
 * the session and names the matching login page, SPEC §4; 1000, 1002 and the rest become the
 * action's error code). `business` only picks which login page a 20101 leads to.
 */
export type SignedInPage = PageRef & { business?: boolean };

export async function signedIn<T extends object>(
  page: SignedInPage,
  run: (ctx: UpstreamContext, at: ActionPage, token: string) => Promise<T>,
): Promise<ActionResult<T>> {
  const at = await resolvePage(page, page.business === true);
  const token = await readToken();
  if (!token) return { ok: false, error: await endExpiredSession(at) };
  try {
    return { ok: true, ...(await run(await upstreamContext(at.lang, at.launch, token), at, token)) };
  } catch (error) {
    return actionFailure(error, at);
  }
}
