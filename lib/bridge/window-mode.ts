import { ErrorCode } from "@/lib/contract/errors";
import { EMBED_PARAM, RELAY_PARAM, WINDOW_MODE } from "@/lib/contract/host-bridge";
import type { HostHandoff } from "@/lib/session/action-result";
import { fetchApi } from "@/lib/session/api-answer";
import { browser } from "./browser";
import { handToHost } from "./session";

/**
 * Window mode (SPEC §4): a host opened the portal's login page with window.open and
 * `embed=window`. A user who is signed in already is handed to the host at once: the server
 * checks the session and the launch and names the origin to post to (POST /api/embed/handoff),
 * the opener hears `login` and the token, and the window closes. A user who is not signed in
 * signs in on the page; the sign-in hands over the same way (lib/bridge/session.ts).
 */
export function isWindowLaunch(): boolean {
  const opened = window.opener !== null && window.opener !== window;
  return opened && new URLSearchParams(window.location.search).get(EMBED_PARAM) === WINDOW_MODE;
}

/** True when the session went to the opener (the window is then closing). */
export async function handSessionToOpener(lang: string): Promise<boolean> {
  const query = new URLSearchParams(window.location.search);
  query.delete(EMBED_PARAM);
  query.set("lang", lang);
  const answer = await fetchApi<{ host: HostHandoff | null }>(`/api/embed/handoff?${query}`, { method: "POST", cache: "no-store" });
  const host = answer.ok ? answer.data.host : null;
  if (host?.mode === "window" && (await handToHost(host))) {
    browser.close();
    return true;
  }
  if (host || (!answer.ok && answer.error.code === ErrorCode.embedHandoffRefused)) {
    // signed in, but no allowed host opened this window, or its host is not there to hear it:
    // the guard sends the user on as usual
    const here = new URL(window.location.href);
    here.searchParams.delete(EMBED_PARAM);
    here.searchParams.delete(RELAY_PARAM);
    browser.assign(here.href);
  }
  return false;
}
