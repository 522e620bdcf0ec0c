import "server-only";
import { headers } from "next/headers";
import { portalConfig } from "@/lib/config";
import { ErrorCode } from "@/lib/contract/errors";
import { SOCIAL_RETURN } from "@/lib/contract/social-return";
import type { Locale } from "@/lib/i18n/routing";
import { launchQuery, parseLaunchContext } from "@/lib/launch/context";
import { signInResult, type SignInResult } from "@/lib/session/sign-in-result";
import { isUsableToken } from "@/lib/session/cookie";
import { publicOrigin } from "@/lib/session/public-origin";
import { safeRedirectTarget } from "@/lib/session/redirect-target";
import { SECURITY_PATH } from "@/lib/session/routes";
import { storeToken, upstreamContext } from "@/lib/session/server";
import { getUserBasic } from "@/lib/upstream/passport";
import { holdLinkTicket, setSocialFlash, takeSocialStart } from "./cookies";

/**
 * /{lang}/authcb (SPEC §2): what the services' return means for this browser, and where it
 * goes next. A token or a ticket is taken only when this browser started the sign-in (its start cookie),
 * only after the services confirm it, and with the same cookie rules as every sign-in
 * (remembered: a social sign-in is a deliberate one). A failure lands on the login page (or,
 * for a connection, on account security) with the reason told once.
 */
/**
 * Where the browser goes, and after a sign-in what every sign-in answers (lib/session/sign-in-result.ts):
 * the token for the host that launched the portal, the sibling sites to visit. Or, when two-step
 * sign-in held it (20901), the second step the page asks for: its ticket, the page query the
 * finished sign-in follows (launch context and a safe `r`) and the login page to go back to.
 */
export type SocialTwoStep = { ticket: string; query: string; back: string };
export type SocialReturnResult = SignInResult | { twoStep: SocialTwoStep };

const TICKET_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

function pathWith(lang: Locale, path: string, query: URLSearchParams): string {
  const qs = query.toString();
  return `/${lang}/${path}${qs ? `?${qs}` : ""}`;
}

export async function resolveSocialReturn(lang: Locale, search: string): Promise<SocialReturnResult> {
  const params = new URLSearchParams(search.slice(0, 8192));
  const get = (name: string) => params.get(name);
  const origin = publicOrigin(await headers()).origin;
  // only the return of the round trip this browser started (its nonce) counts for anything
  const started = await takeSocialStart(get(SOCIAL_RETURN.state));
  // The launch context the sign-in started with; p also comes back from the services.
  const launch = parseLaunchContext(new URLSearchParams(started ?? (get(SOCIAL_RETURN.brand) ? `p=${get(SOCIAL_RETURN.brand)}` : "")), (await headers()).get("user-agent"));
  const base = launchQuery(launch);
  const rawR = get(SOCIAL_RETURN.redirect);
  const safeR = safeRedirectTarget(rawR, portalConfig().allowedRedirectHosts, origin)?.href ?? null;
  const withR = new URLSearchParams(base);
  if (safeR) withR.set("r", safeR);
  const login = pathWith(lang, "login", withR);
  const security = safeR ?? pathWith(lang, SECURITY_PATH, base);
  const fail = async (code: number, to: string): Promise<SocialReturnResult> => {
    await setSocialFlash({ kind: "error", code });
    return { redirect: to };
  };

  const isBind = get(SOCIAL_RETURN.op) === "bind";
  // Nothing this browser started: no result is shown, no token or ticket is taken.
  if (started === null) return { redirect: isBind ? security : login };
  const error = get(SOCIAL_RETURN.error);
  if (error !== null) return fail(/^\d{1,6}$/.test(error) ? Number(error) : ErrorCode.socialAuthFailed, isBind ? security : login);
  const channel = get(SOCIAL_RETURN.channel);
  if (isBind) {
    if (!channel) return fail(ErrorCode.socialAuthFailed, security);
    await setSocialFlash({ kind: "bound", channel });
    return { redirect: security };
  }
  const twoStep = get(SOCIAL_RETURN.twoStep);
  if (twoStep && TICKET_PATTERN.test(twoStep)) return { twoStep: { ticket: twoStep, query: withR.toString(), back: login } };
  const ticket = get(SOCIAL_RETURN.ticket);
  if (ticket && TICKET_PATTERN.test(ticket)) {
    await holdLinkTicket(ticket);
    const query = new URLSearchParams(withR);
    if (channel) query.set("c", channel);
    return { redirect: pathWith(lang, "social/connect", query) };
  }
  const token = get(SOCIAL_RETURN.token);
  if (!isUsableToken(token)) return fail(ErrorCode.socialAuthFailed, login);
  let uid: string;
  try {
    const user = await getUserBasic(await upstreamContext(lang, launch, token));
    if (user.enterpriseUser?.uid) return fail(ErrorCode.socialEnterprise, login);
    uid = user.uid;
  } catch {
    return fail(ErrorCode.socialAuthFailed, login);
  }
  await storeToken(token, true, { uid, enterprise: false });
  const welcome = new URLSearchParams(withR);
  if (channel) welcome.set("c", channel);
  // a new account sees the welcome screen first; a host that launched the portal gets the token
  // as after any other sign-in (docs/host-protocol.md)
  const welcomeAt = get(SOCIAL_RETURN.created) === "1" ? pathWith(lang, "social/welcome", welcome) : undefined;
  return signInResult(lang, withR.toString(), token, false, welcomeAt);
}
