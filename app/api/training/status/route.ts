import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { isUpstreamError } from "@/lib/upstream/errors";
import { getWelderState } from "@/lib/upstream/user";
import { apiRoute } from "@/lib/session/api-route";
import { isUsableToken, UTOKEN_COOKIE } from "@/lib/session/cookie";

/**
 * GET /api/training/status?lang=&{launch}: what the public SN-password page shows this visitor,
 * fetched by the page itself so that the page stays static: signed in or not, and whether the
 * welder video was watched in full. A visitor without a (live) session is simply signed out here.
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, { session: false }, async (ctx) => {
    const token = request.cookies.get(UTOKEN_COOKIE)?.value;
    if (!isUsableToken(token)) return { signedIn: false, welderCompleted: false };
    try {
      const state = await getWelderState({ ...ctx, token });
      return { signedIn: true, welderCompleted: state.completed };
    } catch (error) {
      if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) return { signedIn: false, welderCompleted: false };
      throw error;
    }
  });
}
