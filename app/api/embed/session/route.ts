import type { NextRequest } from "next/server";
import { apiRoute } from "@/lib/session/api-route";
import { isUsableToken, UTOKEN_COOKIE } from "@/lib/session/cookie";

/**
 * GET /api/embed/session: whether this browser sent a session cookie with this request. A frame
 * asks right after a sign-in: when the browser kept no cookie (third-party cookies blocked and no
 * partitioned cookies), the page says so and offers a new window instead of going round in
 * circles between the user centre and the login page (docs/embedding.md).
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, { session: false }, async () => ({ signedIn: isUsableToken(request.cookies.get(UTOKEN_COOKIE)?.value) }));
}
