import { NextResponse, type NextRequest } from "next/server";
import { portalConfig } from "@/lib/config";
import { isUsableToken, UTOKEN_COOKIE } from "@/lib/session/cookie";
import { cookieSyncChain } from "@/lib/session/cookie-sync";
import { publicOrigin } from "@/lib/session/public-origin";
import { safeRedirectTarget } from "@/lib/session/redirect-target";
import { isSameOriginRequest } from "@/lib/session/same-origin";

/**
 * GET /api/cookie-sync?to=<where the sign-in goes>: third-party-cookie mode `redirect` (SPEC §4).
 * The browser, just signed in, is sent through every sibling site's add-cookies and ends at `to`.
 * Only a navigation from the portal's own pages, only to a safe `to` (a portal path or an allowed
 * `r`); without a session, or with the mode off, it simply goes to `to`.
 */
const HEADERS = { "referrer-policy": "no-referrer", "cache-control": "no-store" };

function destination(raw: string | null, own: URL): URL {
  const config = portalConfig();
  if (raw && raw.startsWith("/") && !raw.startsWith("//") && !raw.startsWith("/\\")) return new URL(raw, own);
  return safeRedirectTarget(raw, config.allowedRedirectHosts, own.origin) ?? new URL("/", own);
}

export function GET(request: NextRequest) {
  const own = publicOrigin(request.headers);
  const to = destination(request.nextUrl.searchParams.get("to"), own);
  const token = request.cookies.get(UTOKEN_COOKIE)?.value;
  const { mode, sites } = portalConfig().cookieSync;
  const sync = mode === "redirect" && isUsableToken(token) && isSameOriginRequest(request.headers, own.host);
  const location = sync ? cookieSyncChain(sites, token, to.href) : to.href;
  return NextResponse.redirect(location, { status: 303, headers: HEADERS });
}
