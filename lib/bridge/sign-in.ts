import type { SignInResult } from "@/lib/session/action-result";
import { browser } from "./browser";

/**
 * The forms' hooks after a sign-in and a sign-out. An ordinary page just goes on; the host bridge
 * (session.ts) is loaded only when there is a host to tell, a frame to check, or sibling sites to
 * visit, so the sign-in screens carry none of it otherwise.
 */
export async function completeSignIn(result: SignInResult, go: "assign" | "replace" = "assign"): Promise<void> {
  if (!result.host && !result.cookieVisits && window.parent === window) {
    browser[go](result.redirect);
    return;
  }
  await (await import("./session")).completeSignIn(result, go);
}

export async function completeSignOut(redirect: string): Promise<void> {
  if (window.parent === window) {
    browser.assign(redirect);
    return;
  }
  (await import("./session")).completeSignOut(redirect);
}
