import "server-only";
import { portalConfig } from "@/lib/config";
import { afterSignInPath } from "./after-sign-in";
import type { SignInResult } from "./action-result";
import { hostHandoff, isFramed } from "./embed-server";

/**
 * What every sign-in action returns on success (docs/embedding.md):
 * - `redirect`: where the browser goes (SPEC §4), through the sibling sites first in the
 *   `redirect` third-party-cookie mode;
 * - `host`: the token and the exact origin to post it to, only for a launch by an allowlisted
 *   host (lib/session/embed-server.ts);
 * - `cookieVisits`: in the `visit` mode, how many sibling sites the page visits before it goes.
 * A frame gets neither cookie mode: what it sets on other sites would be third-party.
 */
export type { SignInResult } from "./action-result";

/** `next`: a page to show before the usual destination (the welcome of a new social account). */
export async function signInResult(lang: string, pageQuery: string, token: string, business = false, next?: string): Promise<SignInResult> {
  const redirect = next ?? (await afterSignInPath(lang, pageQuery, business));
  const handoff = await hostHandoff(token);
  const host = handoff ? { host: handoff } : {};
  const { mode, sites } = portalConfig().cookieSync;
  if (mode === "off" || (await isFramed())) return { redirect, ...host };
  if (mode === "visit") return { redirect, cookieVisits: sites.length, ...host };
  return { redirect: `/api/cookie-sync?${new URLSearchParams({ to: redirect })}`, ...host };
}
