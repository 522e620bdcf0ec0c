import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { getUserBasic } from "@/lib/upstream/passport";
import { apiRoute, Refusal } from "@/lib/session/api-route";
import { isUsableToken, UTOKEN_COOKIE } from "@/lib/session/cookie";
import { hostHandoff } from "@/lib/session/embed-server";

/**
 * POST /api/embed/handoff?lang=&{launch}: window mode (SPEC §4). A user opened on a login page by
 * an allowlisted host: when signed in, the token and the exact origin to post it to, once the
 * session is checked upstream; when not, `host: null` and nothing changes (the page shows the
 * sign-in form). A page no allowed host launched gets 20404 and no token
 * (lib/session/embed-server.ts).
 */
export async function POST(request: NextRequest) {
  return apiRoute(request, { session: false }, async (ctx) => {
    const token = request.cookies.get(UTOKEN_COOKIE)?.value;
    if (!isUsableToken(token)) return { host: null };
    const user = await getUserBasic({ ...ctx, token });
    const host = await hostHandoff(token);
    if (!host) throw new Refusal(ErrorCode.embedHandoffRefused);
    return { host, enterprise: Boolean(user.enterpriseUser?.uid) };
  });
}
