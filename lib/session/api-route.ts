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

/** Next's gzip leaves an answer of a known length under this alone (the `compression` package's threshold). */
const GZIP_THRESHOLD_BYTES = 1024;

/**
 * A JSON answer. Next streams a route's body to the socket and drops a route's Content-Length,
 * so its gzip cannot see that an answer is under its 1 KiB threshold: it made a zlib stream for
 * every answer, the smallest included, costing more CPU than the answer (docs/performance.md,
 * "Small answers go unzipped"). An answer under the threshold says `no-transform`, which that
 * gzip (and any proxy's) honours; larger ones are gzipped as before.
 */
function jsonAnswer<T>(body: ApiAnswer<T>, init: { status?: number; cacheControl: string }): NextResponse<ApiAnswer<T>> {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const cacheControl = bytes.byteLength < GZIP_THRESHOLD_BYTES ? `${init.cacheControl}, no-transform` : init.cacheControl;
  return new NextResponse(bytes, { status: init.status ?? 200, headers: { "content-type": "application/json", "cache-control": cacheControl } });
}

export function answerError(error: ActionError, status?: number): NextResponse<ApiAnswer<never>> {
  const byCode = (HTTP_STATUS_BY_CODE as Record<number, number | undefined>)[error.code];
  return jsonAnswer<never>({ ok: false, error }, { status: status ?? byCode ?? 500, cacheControl: NO_STORE });
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
    return jsonAnswer<T>({ ok: true, data }, { cacheControl: options.cacheControl ?? NO_STORE });
  } catch (error) {
    if (error instanceof Refusal) return answerError({ code: error.code });
    return answerError((await actionFailure(error, at)).error);
  }
}
