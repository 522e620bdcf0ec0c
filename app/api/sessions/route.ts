import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { getSessionLog } from "@/lib/upstream/security";
import { sessionPageQuery } from "@/lib/validation/security";
import { apiRoute, Refusal } from "@/lib/session/api-route";

/**
 * GET /api/sessions?page=&pageSize=&lang=&business=1&{launch}: one page of the signed-in user's
 * login log for the account-security table (SWR), from GET /v1/user/session/log.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  return apiRoute(request, { business: params.get("business") === "1" }, async (ctx) => {
    const query = sessionPageQuery.safeParse({ page: params.get("page") ?? undefined, pageSize: params.get("pageSize") ?? undefined });
    if (!query.success) throw new Refusal(ErrorCode.invalidParams);
    return getSessionLog(ctx, query.data);
  });
}
