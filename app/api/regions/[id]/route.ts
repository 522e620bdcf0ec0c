import { NextResponse, type NextRequest } from "next/server";
import { ErrorCode, HTTP_STATUS_BY_CODE } from "@/lib/contract/errors";
import { appHeadersFor, parseLaunchContext } from "@/lib/launch/context";
import { normalizeLocale } from "@/lib/i18n/resolve";
import { isSameOriginRequest } from "@/lib/session/same-origin";
import { publicOrigin } from "@/lib/session/public-origin";
import { isUpstreamError } from "@/lib/upstream/errors";
import { listStates } from "@/lib/upstream/profile";

/**
 * GET /api/regions/{countryId}?lang=…: the country's regions for the user centre's region select
 * (GET /v1/region/country/{id}/states), named in the page's language.
 */
export async function GET(request: NextRequest, { params }: RouteContext<"/api/regions/[id]">): Promise<NextResponse> {
  const host = publicOrigin(request.headers).host;
  if (!isSameOriginRequest(request.headers, host)) return refuse(ErrorCode.insufficientAuthority, 403);
  const { id } = await params;
  if (!/^[1-9]\d{0,5}$/.test(id)) return refuse(ErrorCode.invalidParams);
  const query = request.nextUrl.searchParams;
  try {
    const regions = await listStates(
      { lang: normalizeLocale(query.get("lang")) ?? "en", app: appHeadersFor(parseLaunchContext(query, request.headers.get("user-agent"))) },
      { countryId: Number(id) },
    );
    // The same for everyone in a language, and it rarely changes.
    return NextResponse.json(regions, { headers: { "cache-control": "private, max-age=3600" } });
  } catch (error) {
    return refuse(isUpstreamError(error) ? error.code : ErrorCode.systemError);
  }
}

function refuse(code: number, status?: number): NextResponse {
  return NextResponse.json({ code }, { status: status ?? (HTTP_STATUS_BY_CODE as Record<number, number | undefined>)[code] ?? 500, headers: { "cache-control": "no-store" } });
}
