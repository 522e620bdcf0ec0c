import { NextResponse, type NextRequest } from "next/server";
import { portalConfig } from "@/lib/config";
import { LANG_COOKIE, type Locale } from "@/lib/i18n/routing";
import { preferredLocale } from "@/lib/i18n/resolve";
import { resolveLocalePath } from "@/lib/i18n/path";
import { isLanguageNeutralRoute, routeRule } from "@/lib/session/routes";
import { decideGuard } from "@/lib/session/guard";
import { EXPIRED_FLASH_COOKIE, isUsableToken, UTOKEN_COOKIE, utokenCookieOptions } from "@/lib/session/cookie";
import { cookieEnv } from "@/lib/session/cookie-env";
import { CHECK_COOKIE, CHECK_COOKIE_SECONDS, CHECKED_UID_HEADER } from "@/lib/session/check";
import { checkStoredToken, type StoredTokenState } from "@/lib/session/stored-token";
import { handleAddressToken } from "@/lib/session/address-handoff";
import { safeRedirectTarget } from "@/lib/session/redirect-target";
import { publicOrigin } from "@/lib/session/public-origin";
import { actionBodyProblem, checkPageRequest } from "@/lib/security/page-requests";
import { refusal } from "@/lib/security/refusal";
import { contentSecurityPolicy } from "@/lib/security/headers";
import { nextWithPolicy, pageScriptSources } from "@/lib/security/page-scripts";
import { appHeadersFor, launchQuery, parseLaunchContext } from "@/lib/launch/context";
import { parseVariantKey, variantKey, variantOf } from "@/lib/launch/variant";
import { EMBED_COOKIE, isFrameDestination, launchCookieFor } from "@/lib/session/embed";
import { EMBED_PARAM, WINDOW_MODE } from "@/lib/contract/host-bridge";
import { FRESH_SIGN_IN, FRESH_SIGN_IN_PARAM } from "@/lib/contract/fresh-sign-in";
import { formerConsolePath, isConsolePath } from "@/lib/console/cookie";
import { consoleResponse } from "@/lib/console/proxy";

/**
 * Thin dispatcher: refuse what a page never accepts, language routing, the `ut` hand-off, then
 * the route guard. The rules live in lib/; the security headers of its answers, as of every
 * page response, are set by the portal's server before it runs (server.ts, lib/security/incoming.ts),
 * except the script policy of the pages it passes on, which is the page's own (lib/security/headers.ts).
 */
export async function proxy(request: NextRequest) {
  const config = portalConfig();
  const origin = publicOrigin(request.headers, config);
  const url = request.nextUrl;
  const preferred = preferredLocale(request.cookies.get(LANG_COOKIE)?.value, request.headers.get("accept-language"));

  const verdict = checkPageRequest({
    method: request.method,
    isAction: request.headers.has("next-action"),
    origin: request.headers.get("origin"),
    fetchSite: request.headers.get("sec-fetch-site"),
    contentType: request.headers.get("content-type"),
    contentLength: request.headers.get("content-length"),
    ownOrigin: origin.origin,
  });
  if (!verdict.ok) return refusal(verdict.status, verdict.code, url.pathname, preferred, verdict.reason);
  if (verdict.readBody) {
    // a body cut off at the server's cap (lib/security/incoming.ts) cannot be read: refused too
    const body = await request
      .clone()
      .arrayBuffer()
      .then((bytes) => new Uint8Array(bytes), () => null);
    const problem = body ? actionBodyProblem(body) : { status: 400 as const, code: 10001, reason: "body cut off" };
    if (problem) return refusal(problem.status, problem.code, url.pathname, preferred, problem.reason);
  }

  const resolved = resolveLocalePath(url.pathname, preferred, (rest) => routeRule(rest) !== null || staticPageOf(rest) !== null || isConsolePath(rest, config.consoleBasePath) || formerConsolePath(rest, config.consoleBasePath) !== null, isLanguageNeutralRoute);
  // /announcement and /learnMore: public and the same for everyone, in any language
  if (resolved.kind === "neutral") return NextResponse.next();
  const launch = parseLaunchContext(url.searchParams, request.headers.get("user-agent"), config.imageHosts);
  const at = (path: string) => new URL(path, origin);

  if (resolved.kind === "redirect") {
    const target = at(resolved.pathname);
    target.search = resolved.keepQuery ? url.search : launchQuery(launch).toString();
    return NextResponse.redirect(target);
  }

  const { lang } = resolved;
  // the operator console: its own session and headers (lib/console/proxy.ts, docs/operators.md)
  if (isConsolePath(resolved.rest, config.consoleBasePath)) return consoleResponse(request, lang, resolved.rest, config, origin.protocol === "https:");
  const moved = formerConsolePath(resolved.rest, config.consoleBasePath);
  if (moved !== null) return NextResponse.redirect(at(`/${lang}/${moved}${url.search}`), 308);
  // A sign-in page's own cached rendering (`login/atomm.pc.110`), asked for by its address, is
  // that page and is guarded as such.
  const rendered = staticPageOf(resolved.rest);
  const rest = rendered?.page ?? resolved.rest;
  const rule = routeRule(rest);
  if (!rule) return NextResponse.redirect(at(`/${lang}/login`));

  const visited = at(url.pathname + url.search);
  const app = appHeadersFor(launch);
  // A frame's cookies live in its host's partition (CHIPS): third-party cookies may be blocked.
  const partitioned = isFrameDestination(request.headers.get("sec-fetch-dest"));
  const cookieOptions = (remember: boolean) => utokenCookieOptions({ protocol: origin.protocol, hostname: origin.hostname, remember, env: cookieEnv(), partitioned });
  const stored = request.cookies.get(UTOKEN_COOKIE)?.value;
  // A host that frames the portal or opens it in a window is remembered (lib/session/embed.ts).
  const launchCookie = await launchCookieFor(request.headers, url, origin.origin, config);
  const withLaunch = (response: NextResponse) => {
    if (launchCookie) response.cookies.set(EMBED_COOKIE, launchCookie.value, { ...cookieOptions(false), httpOnly: true });
    return response;
  };

  // A token handed over in the address leaves the URL at once; it is stored only when the
  // navigation proves who handed it over, else the visitor is asked (lib/session/address-token.ts).
  // Public routes take none (SPEC §4: the guard validates ut on login and signed-in routes only);
  // /{lang}/authcb does its own token work.
  const ut = rule.kind === "public" ? null : url.searchParams.get("ut");
  if (ut !== null) {
    const hostLaunch = launchCookie !== null && !launchCookie.launch.relay;
    const response = await handleAddressToken({
      request,
      token: ut,
      visited,
      lang,
      app,
      launchQuery: launchQuery(launch),
      hostLaunch,
      stored,
      secret: config.sessionSecret,
      cookieOptions,
    });
    return withLaunch(response);
  }

  // Public pages and anonymous visitors need no check: the page is the same for everyone.
  const checkable = rule.kind !== "public" && isUsableToken(stored) ? stored : null;
  const needsCheck = checkable !== null;
  const { token, uid, sealed }: StoredTokenState = checkable
    ? await checkStoredToken({ stored: checkable, rule, checkCookie: request.cookies.get(CHECK_COOKIE)?.value, secret: config.sessionSecret, lang, app })
    : { token: { status: "none" }, uid: null, sealed: null };

  // A server action with an ended session is left to run: its upstream call answers 20101 and the
  // page shows the expired-login flow. A redirect here would make the browser replay the POST.
  const isAction = request.method === "POST";
  const r = safeRedirectTarget(url.searchParams.get("r"), config.allowedRedirectHosts, origin.origin);
  const windowMode = url.searchParams.get(EMBED_PARAM) === WINDOW_MODE;
  const freshSignIn = url.searchParams.get(FRESH_SIGN_IN_PARAM) === FRESH_SIGN_IN;
  const decision = decideGuard({ lang, rule, token, currentUrl: visited.href, safeR: r?.href ?? null, launch: launchQuery(launch), windowMode, freshSignIn });

  let response: NextResponse;
  if (decision.action === "redirect" && !isAction) {
    response = NextResponse.redirect(at(decision.to));
  } else {
    const headers = new Headers(request.headers);
    headers.set("X-NEXT-INTL-LOCALE", lang);
    // the checked user's id for the page (analytics), never one a client sent
    headers.delete(CHECKED_UID_HEADER);
    if (uid) headers.set(CHECKED_UID_HEADER, uid);
    if (rule.kind === "login" && !rendered) {
      // The sign-in pages are static: one cached rendering per language and page variant.
      // (relative to the request's own address, which Next compares to tell a rewrite from a proxy)
      const page = new URL(`/${lang}/${rest}/${variantKey(variantOf(launch))}`, request.url);
      response = NextResponse.rewrite(page, { request: { headers } });
    } else {
      // Past the guard a page runs no inline script but its own (lib/security/headers.ts): a
      // nonce Next reads from the request's policy, or a static page's hashes; the answer carries
      // the same policy in place of the app server's default. (The sign-in pages keep that one.)
      const https = origin.protocol === "https:";
      response = rule.kind === "login" ? NextResponse.next({ request: { headers } }) : nextWithPolicy(contentSecurityPolicy(config, https, pageScriptSources(`${lang}/${rest}`)), headers);
    }
  }
  // A signed-in page may be a static shell (the settings page): the same for everyone, yet only
  // past this guard, so no cache keeps it; the same words as Next's for a page rendered per request.
  if (rule.kind === "protected") response.headers.set("Cache-Control", PROTECTED_CACHE_CONTROL);
  if (sealed) response.cookies.set(CHECK_COOKIE, sealed, { ...cookieOptions(false), maxAge: CHECK_COOKIE_SECONDS });
  if (decision.clearToken && !isAction) {
    response.cookies.set(UTOKEN_COOKIE, "", { ...cookieOptions(false), maxAge: 0 });
    response.cookies.set(CHECK_COOKIE, "", { ...cookieOptions(false), maxAge: 0 });
  }
  if (decision.expired && !isAction) response.cookies.set(EXPIRED_FLASH_COOKIE, "1", { path: "/", maxAge: 60, sameSite: "lax" });
  return withLaunch(withLang(response, lang, request, needsCheck));
}

const PROTECTED_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";

/** `login/atomm.pc.110` → the login page and its variant; anything else → null. */
function staticPageOf(rest: string): { page: string; variant: string } | null {
  const match = /^(login|register|findpwd|login-business)\/([^/]+)$/.exec(rest);
  return match?.[1] && match[2] && parseVariantKey(match[2]) ? { page: match[1], variant: match[2] } : null;
}

/** The language cookie follows the path for signed-in visitors; anonymous page views set no cookie. */
function withLang(response: NextResponse, lang: Locale, request: NextRequest, signedIn: boolean): NextResponse {
  if (signedIn && request.cookies.get(LANG_COOKIE)?.value !== lang) {
    response.cookies.set(LANG_COOKIE, lang, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" });
  }
  return response;
}

/**
 * Where the proxy runs (Next needs these as literals):
 *
 * - every page path but the four sign-in pages: the list of lib/security/page-paths.ts (what is
 *   not a page: the services, the portal's API, Next's internals, the real static files), so
 *   anything else (`//evil.example`, `/a.b`) follows the route table;
 * - the sign-in pages (`/{lang}/login`, `register`, `findpwd`, `login-business`) only when the
 *   request carries something the proxy acts on: a session cookie (a signed-in visitor is sent
 *   on), a launch parameter that picks another page variant (p, s, sl, lr, av), a `ut`, the
 *   window-mode parameter or a frame's fetch (the host is remembered), or a body (a server
 *   action, a form post, any declared or chunked body). A plain anonymous visit needs none of
 *   it: next.config.mjs rewrites it to the default variant's cached rendering, and the portal's
 *   server adds the security headers (lib/security/incoming.ts). A bodiless POST is served that
 *   same page, like a GET. The parameters that do not change the HTML (o, img, l, r) are read
 *   by the page's client. tests/e2e/public-pages.spec.ts checks both ways.
 */
export const config = {
  matcher: [
    "/((?!(?:en|zh)/(?:login|register|findpwd|login-business)$|_next/|v1/|v2/|message/|api/|brands/|images/|media/|training/|embed/|\\.well-known/|icon\\.svg$|favicon\\.ico$|robots\\.txt$).*)",
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "cookie", key: "utoken" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "query", key: "p" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "query", key: "s" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "query", key: "sl" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "query", key: "lr" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "query", key: "av" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "query", key: "ut" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "query", key: "embed" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "header", key: "sec-fetch-dest", value: "i?frame" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "header", key: "next-action" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "header", key: "content-type" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "header", key: "content-length" }] },
    { source: "/:lang(en|zh)/:page(login|register|findpwd|login-business)", has: [{ type: "header", key: "transfer-encoding" }] },
  ],
};
