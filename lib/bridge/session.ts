import { TOKEN_POST_DELAY_MS } from "@/lib/contract/host-bridge";
import type { HostHandoff, SignInResult } from "@/lib/session/action-result";
import { fetchApi } from "@/lib/session/api-answer";
import { browser } from "./browser";
import { isFramed, postTo, postToParent } from "./host-bridge";

/**
 * What happens after a sign-in and a sign-out, in one place for every form (docs/embedding.md):
 * the host hears `login`, then the token 500 ms later (SPEC §4, §9); a window launched by a host
 * closes once its opener has it; a frame that could not keep its session says so instead of
 * going round between the user centre and the login page; in the `visit` third-party-cookie mode
 * the sibling sites are visited; then the browser goes on.
 */
export const EMBED_BLOCKED_EVENT = "passport:embed-blocked";
/** How long the sibling visits may hold up the way on (visit mode). */
const VISIT_BUDGET_MS = 5_000;
const CLOSE_GRACE_MS = 300;

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The window the token goes to: the parent of a frame, the opener of a window; for a window the
 * portal's own frame opened, that frame's parent (the host), never the portal's frame itself.
 */
function recipient(host: HostHandoff): Window | null {
  if (host.mode === "frame") return isFramed() ? window.parent : null;
  const opener = window.opener && window.opener !== window ? (window.opener as Window) : null;
  if (!opener || !host.relay) return opener;
  return opener.parent !== opener ? opener.parent : null;
}

/**
 * `login` now, the token 500 ms later, to the one origin the server named. A window the portal's
 * frame opened also tells that frame `login` (never the token), so it can say where the user went.
 */
export async function handToHost(host: HostHandoff): Promise<boolean> {
  const target = recipient(host);
  if (!target) return false;
  postTo(target, host.origin, { type: "login" });
  if (host.relay && window.opener) postTo(window.opener as Window, window.location.origin, { type: "login" });
  await sleep(TOKEN_POST_DELAY_MS);
  postTo(target, host.origin, { type: "token", token: host.token });
  return true;
}

/** Whether the browser sent the session cookie back (a frame's cookies may be blocked). */
async function sessionKept(): Promise<boolean> {
  const answer = await fetchApi<{ signedIn: boolean }>("/api/embed/session", { cache: "no-store" });
  return answer.ok && answer.data.signedIn;
}

async function visitSiblings(count: number): Promise<void> {
  const visits = Array.from({ length: count }, (_, site) =>
    fetch(`/api/cookie-sync/visit?site=${site}`, { mode: "no-cors", credentials: "include", cache: "no-store" }).catch(() => undefined),
  );
  await Promise.race([Promise.allSettled(visits), sleep(VISIT_BUDGET_MS)]);
}

export async function completeSignIn(result: SignInResult, go: "assign" | "replace" = "assign"): Promise<void> {
  const handed = result.host ? await handToHost(result.host) : false;
  if (handed && result.host?.mode === "window") {
    browser.close();
    await sleep(CLOSE_GRACE_MS);
    if (window.closed) return;
  }
  if (isFramed() && !(await sessionKept())) {
    postToParent({ type: "sessionBlocked" });
    window.dispatchEvent(new CustomEvent(EMBED_BLOCKED_EVENT));
    return;
  }
  if (result.cookieVisits) await visitSiblings(result.cookieVisits);
  browser[go](result.redirect);
}

/** A sign-out (or a deleted account): the host hears `logout`, then the browser goes on. */
export function completeSignOut(redirect: string): void {
  postToParent({ type: "logout" });
  browser.assign(redirect);
}
