import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { getMessageList } from "@/lib/upstream/message";
import { messagePageQuery } from "@/lib/validation/messages";
import { apiRoute, Refusal } from "@/lib/session/api-route";

/**
 * GET /api/messages?category=&page=&pageSize=&sort=&lang=&{launch}: one page of a tab of the
 * signed-in user's messages for the app `p` (SWR in the message centre).
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  return apiRoute(request, {}, async (ctx, at) => {
    const query = messagePageQuery.safeParse({
      category: params.get("category") ?? undefined,
      page: params.get("page") ?? undefined,
      pageSize: params.get("pageSize") ?? undefined,
      sort: params.get("sort") ?? undefined,
    });
    if (!query.success) throw new Refusal(ErrorCode.invalidParams);
    return getMessageList(ctx, { ...query.data, appCode: at.launch.p });
  });
}
