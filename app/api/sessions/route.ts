import { NextResponse, type NextRequest } from "next/server";
import { ErrorCode, HTTP_STATUS_BY_CODE } from "@/lib/contract/errors";
import { normalizeLocale } from "@/lib/i18n/resolve";
import { getSessionLog } from "@/lib/upstream/security";
import { isUpstreamError } from "@/lib/upstream/errors";
import { sessionPageQuery } from "@/lib/validation/security";
import { isSameOriginRequest } from "@/lib/session/same-origin";
import { publicOrigin } from "@/lib/session/public-origin";
import { endExpiredSession, readToken, resolvePage, upstreamContext } from "@/lib/session/server";

/**
 * One page of the signed-in user's login log for the account-security table (SWR): a
 * same-origin proxy for GET /v1/user/session/log. Query: page, pageSize, lang, `business=1`
 * on the enterprise page, and the launch context. Answers `{code: 0, data}` or `{code}` with
 * the code's HTTP status; a 20101 also ends the session here and names the login page.
 */
const NO_STORE = { "cache-control": "no-store" };

function refuse(code: number, extra: Record<string, string> = {}): NextResponse {
  const status = (HTTP_STATUS_BY_CODE as Record<number, number | undefined>)[code] ?? 500;
  return NextResponse.json({ code, ...extra }, { status, headers: NO_STORE });
}

export async function GET(request: NextRequest): Promise<NextResponse> {
  const host = publicOrigin(request.headers).host;
  if (!isSameOriginRequest(request.headers, host)) return refuse(ErrorCode.insufficientAuthority);
  const params = request.nextUrl.searchParams;
  const query = sessionPageQuery.safeParse({ page: params.get("page") ?? undefined, pageSize: params.get("pageSize") ?? undefined });
  if (!query.success) return refuse(ErrorCode.invalidParams);
  const at = await resolvePage({ lang: normalizeLocale(params.get("lang")) ?? "en", query: params.toString() }, params.get("business") === "1");
  const token = await readToken();
  if (!token) return refuse(ErrorCode.loginExpired, { redirect: (await endExpiredSession(at)).redirect ?? "" });
  try {
    const data = await getSessionLog(await upstreamContext(at.lang, at.launch, token), query.data);
    return NextResponse.json({ code: 0, data }, { headers: NO_STORE });
  } catch (error) {
    if (!isUpstreamError(error)) return refuse(ErrorCode.systemError);
    if (error.code === ErrorCode.loginExpired) return refuse(error.code, { redirect: (await endExpiredSession(at)).redirect ?? "" });
    return refuse(error.code);
  }
}
