import { ErrorCode } from "@/lib/contract/errors";
import { BUSINESS_HOME_PATH, loginPathFor, SETTINGS_PATH, type RouteRule } from "./routes";

/** What the guard knows about the caller's token (SPEC §4 route guard). */
export type TokenState =
  | { status: "none" }
  | { status: "valid"; enterprise: boolean }
  | { status: "invalid"; code: number };

export type GuardDecision =
  | { action: "next"; clearToken: boolean; expired: boolean }
  | { action: "redirect"; to: string; clearToken: boolean; expired: boolean };

export type GuardInput = {
  lang: string;
  rule: RouteRule;
  token: TokenState;
  /** The address being visited, absolute, used as `r` when login is required. */
  currentUrl: string;
  /** A redirect target already checked by safeRedirectTarget, or null. */
  safeR: string | null;
  /** Launch parameters to keep on internal redirects (p, o, s, …). */
  launch: URLSearchParams;
  /**
   * The address asks for window mode (`embed=window`, a host opened the portal with
   * window.open): a signed-in consumer's login page then renders, and the page hands the
   * session to the opener by postMessage (SPEC §4; lib/bridge/window-mode.ts).
   */
  windowMode?: boolean;
  /**
   * An app asked the OpenID Provider for a fresh sign-in (`reauth=1`,
   * lib/contract/fresh-sign-in.ts): a signed-in user's login page renders, so they sign in again.
   */
  freshSignIn?: boolean;
};

/** The token is kept for 1000 and 1002 (the service could not be asked) and cleared otherwise. */
export function keepsToken(code: number): boolean {
  return code === ErrorCode.offline || code === ErrorCode.networkError;
}

function portalPath(lang: string, rest: string, launch: URLSearchParams, extra?: Record<string, string>): string {
  const query = new URLSearchParams(launch);
  for (const [key, value] of Object.entries(extra ?? {})) query.set(key, value);
  const qs = query.toString();
  return `/${lang}/${rest}${qs ? `?${qs}` : ""}`;
}

export function decideGuard(input: GuardInput): GuardDecision {
  const { lang, rule, token, launch } = input;
  const stay = (clearToken = false, expired = false): GuardDecision => ({ action: "next", clearToken, expired });
  const go = (to: string, clearToken = false, expired = false): GuardDecision => ({ action: "redirect", to, clearToken, expired });

  if (rule.kind === "public") return stay();

  if (token.status === "valid") {
    if (token.enterprise) {
      if (rule.kind === "login" || !rule.business) {
        return rule.kind === "login" ? go(portalPath(lang, BUSINESS_HOME_PATH, launch)) : go(portalPath(lang, loginPathFor(true), launch));
      }
      return stay();
    }
    if (rule.kind === "login") {
      if (input.freshSignIn) return stay();
      if (input.safeR) return go(input.safeR);
      return input.windowMode ? stay() : go(portalPath(lang, SETTINGS_PATH, launch));
    }
    if (rule.business) return go(portalPath(lang, loginPathFor(true), launch));
    return stay();
  }

  const expired = token.status === "invalid" && token.code === ErrorCode.loginExpired;
  const clearToken = token.status === "invalid" && !keepsToken(token.code);
  if (rule.kind === "login") return stay(clearToken, expired);
  return go(portalPath(lang, loginPathFor(rule.business), launch, { r: input.currentUrl }), clearToken, expired);
}
