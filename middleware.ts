import { NextResponse, type NextRequest } from "next/server";
import { LANG_COOKIE } from "@/lib/i18n/routing";
import { preferredLocale } from "@/lib/i18n/resolve";
import { resolveLocalePath } from "@/lib/i18n/path";
import { routeRule } from "@/lib/session/routes";
import { decideGuard, keepsToken, type TokenState } from "@/lib/session/guard";
import {
  cookieEnv,
  DEVICE_COOKIE,
  deviceCookieOptions,
  EXPIRED_FLASH_COOKIE,
  isDeviceId,
  isUsableToken,
  newDeviceId,
  UTOKEN_COOKIE,
  utokenCookieOptions,
} from "@/lib/session/cookie";
import { safeRedirectTarget } from "@/lib/session/redirect-target";
import { portalConfig } from "@/lib/config";
import { validateToken } from "@/lib/session/validate-token";
import { portalUrl } from "@/lib/session/public-origin";
import { appHeadersFor, launchQuery, parseLaunchContext } from "@/lib/launch/context";

/** Thin dispatcher: language routing, then the route guard. The rules live in lib/. */
export async function middleware(request: NextRequest) {
  const url = request.nextUrl;
  const preferred = preferredLocale(request.cookies.get(LANG_COOKIE)?.value, request.headers.get("accept-language"));
  const resolved = resolveLocalePath(url.pathname, preferred, (rest) => routeRule(rest) !== null);
  const launch = parseLaunchContext(url.searchParams, request.headers.get("user-agent"));

  if (resolved.kind === "redirect") {
    const target = new URL(resolved.pathname, url);
    target.search = resolved.keepQuery ? url.search : launchQuery(launch).toString();
    return NextResponse.redirect(target);
  }

  const { lang, rest } = resolved;
  const rule = routeRule(rest);
  if (!rule) return NextResponse.redirect(new URL(`/${lang}/login`, url));

  const visited = portalUrl(url.pathname + url.search, request.headers);
  // A browser without a device id gets one now; this request's pages and actions see it too.
  const newDevice = isDeviceId(request.cookies.get(DEVICE_COOKIE)?.value) ? null : newDeviceId();
  if (newDevice) request.cookies.set(DEVICE_COOKIE, newDevice);
  const withDevice = (response: NextResponse): NextResponse => {
    if (newDevice) response.cookies.set(DEVICE_COOKIE, newDevice, deviceCookieOptions({ protocol: visited.protocol, hostname: visited.hostname }));
    return response;
  };
  const cookieOptions = (remember: boolean) =>
    utokenCookieOptions({ protocol: visited.protocol, hostname: visited.hostname, remember, env: cookieEnv() });
  const app = appHeadersFor(launch);

  // A token handed over in the address bar moves into the cookie and leaves the URL. Public
  // routes take no token (SPEC §4: the guard validates ut on login and signed-in routes only);
  // /{lang}/authcb does its own token work.
  const ut = rule.kind === "public" ? null : url.searchParams.get("ut");
  if (ut !== null) {
    const clean = new URL(visited);
    clean.searchParams.delete("ut");
    const response = NextResponse.redirect(clean);
    if (isUsableToken(ut)) {
      const state = await validateToken(ut, lang, app);
      if (state.status === "valid" || (state.status === "invalid" && keepsToken(state.code))) {
        response.cookies.set(UTOKEN_COOKIE, ut, cookieOptions(true));
      }
    }
    return withLang(withDevice(response), lang, request);
  }

  const stored = request.cookies.get(UTOKEN_COOKIE)?.value;
  const token: TokenState =
    rule.kind === "public" || !isUsableToken(stored) ? { status: "none" } : await validateToken(stored, lang, app, { fresh: rule.kind === "login" });
  const r = safeRedirectTarget(url.searchParams.get("r"), portalConfig().allowedRedirectHosts, visited.origin);
  const decision = decideGuard({ lang, rule, token, currentUrl: visited.href, safeR: r?.href ?? null, launch: launchQuery(launch) });

  let response: NextResponse;
  if (decision.action === "redirect") {
    response = NextResponse.redirect(new URL(decision.to, visited));
  } else {
    const headers = new Headers(request.headers);
    headers.set("X-NEXT-INTL-LOCALE", lang);
    response = NextResponse.next({ request: { headers } });
  }
  if (decision.clearToken) response.cookies.set(UTOKEN_COOKIE, "", { ...cookieOptions(false), maxAge: 0 });
  if (decision.expired) response.cookies.set(EXPIRED_FLASH_COOKIE, "1", { path: "/", maxAge: 60, sameSite: "lax" });
  return withLang(withDevice(response), lang, request);
}

function withLang(response: NextResponse, lang: string, request: NextRequest): NextResponse {
  if (request.cookies.get(LANG_COOKIE)?.value !== lang) {
    response.cookies.set(LANG_COOKIE, lang, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" });
  }
  return response;
}

export const config = {
  // Everything but the reference services, Next internals and static files.
  matcher: ["/((?!_next/|v1/|v2/|message/|api/|brands/|images/|.*\\.[a-zA-Z0-9]+$).*)"],
};
