import type { NextRequest } from "next/server";
import { getUserBasic } from "@/lib/upstream/passport";
import { apiRoute } from "@/lib/session/api-route";
import { isUsableToken, UTOKEN_COOKIE } from "@/lib/session/cookie";
import { storeToken } from "@/lib/session/server";
import { signInResult } from "@/lib/session/sign-in-result";

/**
 * POST /api/embed/adopt?lang=&{launch}: the Storage Access API path (docs/embedding.md). A frame
 * whose user granted it storage access sends the browser's own (unpartitioned) session cookie
 * with this request; once it is checked upstream it is stored again in the frame's partition, so
 * the frame's next pages have it without asking again, and the sign-in is announced to the host
 * as any other. Without such a cookie: `signedIn: false`, nothing changes.
 */
export async function POST(request: NextRequest) {
  return apiRoute(request, { session: false }, async (ctx, at) => {
    const token = request.cookies.get(UTOKEN_COOKIE)?.value;
    if (!isUsableToken(token)) return { signedIn: false as const };
    const user = await getUserBasic({ ...ctx, token });
    await storeToken(token, false);
    return { signedIn: true as const, ...(await signInResult(at.lang, request.nextUrl.searchParams.toString(), token, Boolean(user.enterpriseUser?.uid))) };
  });
}
