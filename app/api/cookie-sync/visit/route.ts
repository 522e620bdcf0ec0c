import { NextResponse, type NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { portalConfig } from "@/lib/config";
import { answerError } from "@/lib/session/api-route";
import { isUsableToken, UTOKEN_COOKIE } from "@/lib/session/cookie";
import { cookieVisitUrl } from "@/lib/session/cookie-sync";
import { publicOrigin } from "@/lib/session/public-origin";
import { isSameOriginRequest } from "@/lib/session/same-origin";

/**
 * GET /api/cookie-sync/visit?site=<n>: third-party-cookie mode `visit` (SPEC §4). The page, just
 * signed in, fetches this once per sibling site (no-cors); it answers with a redirect to that
 * site's set-cookies, so the token goes from the HttpOnly cookie to the sibling without passing
 * through a script. Needs third-party cookies on the sibling; `redirect` mode does not.
 */
export function GET(request: NextRequest) {
  const { mode, sites } = portalConfig().cookieSync;
  const index = Number(request.nextUrl.searchParams.get("site"));
  const site = mode === "visit" && Number.isInteger(index) ? sites[index] : undefined;
  const token = request.cookies.get(UTOKEN_COOKIE)?.value;
  if (!isSameOriginRequest(request.headers, publicOrigin(request.headers).host)) return answerError({ code: ErrorCode.insufficientAuthority }, 403);
  if (!site) return answerError({ code: ErrorCode.invalidParams });
  if (!isUsableToken(token)) return answerError({ code: ErrorCode.loginExpired });
  return NextResponse.redirect(cookieVisitUrl(site, token), { status: 302, headers: { "referrer-policy": "no-referrer", "cache-control": "no-store" } });
}
