import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { HTTP_STATUS_BY_CODE } from "@/lib/contract/http-status";
import { normalizeLocale } from "@/lib/i18n/resolve";
import type { UpstreamContext } from "@/lib/upstream/context";
import type { ActionError } from "./action-result";
import type { ApiAnswer } from "./api-answer";
import { appHeadersFor, parseLaunchContext } from "@/lib/launch/context";
import { DEVICE_COOKIE, isDeviceId, isUsableToken, UTOKEN_COOKIE } from "./cookie";
import { clientAddress, publicOrigin } from "./public-origin";
import { isSameOriginRequest } from "./same-origin";
import { actionFailure, endExpiredSession, type ActionPage } from "./server";

/**
 * The one way an app/api route answers: same-origin requests only (ARCHITECTURE), the page's
 * language (`lang`) and launch context from the query, the session when the route needs one,
 * and every failure mapped as in server actions (20101 ends the session and names the login
 * page). Answers {ok, data} / {ok: false, error} with the code's HTTP status, never cached
 * unless the route says so.
 */
export type ApiRouteOptions = {
  /** the route works for the signed-in user (default true) */
  session?: boolean;
  /** a 20101 leads to the enterprise login page */
  business?: boolean;
  /** Cache-Control of a success (default no-store) */
  cacheControl?: string;
};

const NO_STORE = "no-store";

/** Thrown by a route's work to refuse the request with a code (bad input the route checks itself). */
export class Refusal extends Error {
  constructor(readonly code: number) {
    super(`refused with ${code}`);
    this.name = "Refusal";
  }
}

export function answerError(error: ActionError, status?: number): NextResponse<ApiAnswer<never>> {
  const byCode = (HTTP_STATUS_BY_CODE as Record<number, number | undefined>)[error.code];
  return NextResponse.json({ ok: false, error }, { status: status ?? byCode ?? 500, headers: { "cache-control": NO_STORE } });
}

export async function apiRoute<T>(
  request: NextRequest,
  options: ApiRouteOptions,
  run: (ctx: UpstreamContext, at: ActionPage) => Promise<T>,
): Promise<NextResponse> {
  if (!isSameOriginRequest(request.headers, publicOrigin(request.headers).host)) {
    return answerError({ code: ErrorCode.insufficientAuthority }, 403);
  }
  const query = new URLSearchParams(request.nextUrl.searchParams);
  const lang = normalizeLocale(query.get("lang")) ?? "en";
  query.delete("lang");
  const userAgent = request.headers.get("user-agent");
  const at: ActionPage = { lang, launch: parseLaunchContext(query, userAgent), business: options.business === true };
  let token: string | undefined;
  if (options.session !== false) {
    const stored = request.cookies.get(UTOKEN_COOKIE)?.value;
    if (!isUsableToken(stored)) return answerError(await endExpiredSession(at));
    token = stored;
  }
  const device = request.cookies.get(DEVICE_COOKIE)?.value;
  const ctx: UpstreamContext = {
    token,
    lang,
    app: appHeadersFor(at.launch),
    clientIp: clientAddress(request.headers),
    clientUserAgent: userAgent ?? undefined,
    deviceId: isDeviceId(device) ? device : undefined,
  };
  try {
    const data = await run(ctx, at);
    return NextResponse.json({ ok: true, data } satisfies ApiAnswer<T>, { headers: { "cache-control": options.cacheControl ?? NO_STORE } });
  } catch (error) {
    if (error instanceof Refusal) return answerError({ code: error.code });
    return answerError((await actionFailure(error, at)).error);
  }
}
