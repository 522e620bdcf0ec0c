import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { verificationSceneSchema } from "@/lib/contract/verification";
import { ErrorCode } from "@/lib/contract/errors";
import { HTTP_STATUS_BY_CODE } from "@/lib/contract/http-status";
import { emailField } from "@/lib/contract/fields";
import { appHeadersFor, parseLaunchContext } from "@/lib/launch/context";
import { normalizeLocale } from "@/lib/i18n/resolve";
import { getAltchaChallenge } from "@/lib/upstream/verification";
import { isUpstreamError } from "@/lib/upstream/errors";
import { isSameOriginRequest } from "@/lib/session/same-origin";
import { clientAddress, publicOrigin } from "@/lib/session/public-origin";

/**
 * The ALTCHA widget's challenge URL: a same-origin proxy for GET /v1/verify/challenge, so the
 * browser never talks to the passport API itself. Query: scene, email, lang and the launch context.
 */
const querySchema = z.object({ scene: verificationSceneSchema, email: emailField });

const NO_STORE = { "cache-control": "no-store" };

function refuse(code: number, status?: number): NextResponse {
  return NextResponse.json({ code }, { status: status ?? (HTTP_STATUS_BY_CODE as Record<number, number | undefined>)[code] ?? 500, headers: NO_STORE });
}

export async function GET(request: NextRequest): Promise<NextResponse> {
  const host = publicOrigin(request.headers).host;
  if (!isSameOriginRequest(request.headers, host)) return refuse(ErrorCode.insufficientAuthority, 403);
  const params = request.nextUrl.searchParams;
  const parsed = querySchema.safeParse({ scene: params.get("scene"), email: params.get("email") });
  if (!parsed.success) return refuse(ErrorCode.invalidParams);
  const launch = parseLaunchContext(params, request.headers.get("user-agent"));
  try {
    const challenge = await getAltchaChallenge(
      {
        lang: normalizeLocale(params.get("lang")) ?? "en",
        app: appHeadersFor(launch),
        clientIp: clientAddress(request.headers),
        clientUserAgent: request.headers.get("user-agent") ?? undefined,
      },
      parsed.data,
    );
    return NextResponse.json(challenge, { headers: NO_STORE });
  } catch (error) {
    if (isUpstreamError(error)) return refuse(error.code, error.httpStatus >= 400 ? error.httpStatus : undefined);
    return refuse(ErrorCode.systemError);
  }
}
