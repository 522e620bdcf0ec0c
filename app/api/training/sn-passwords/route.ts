import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { getSnPasswordHistory } from "@/lib/upstream/user";
import { snHistoryPageQuery } from "@/lib/validation/training";
import { apiRoute, Refusal } from "@/lib/session/api-route";

/**
 * GET /api/training/sn-passwords?page=&pageSize=&lang=&{launch}: one page of the SN passwords
 * issued to the user (SWR, refreshed after each new password), from GET /v1/safety/welder/passwords.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  return apiRoute(request, {}, async (ctx) => {
    const query = snHistoryPageQuery.safeParse({ page: params.get("page") ?? "1", pageSize: params.get("pageSize") ?? "10" });
    if (!query.success) throw new Refusal(ErrorCode.invalidParams);
    return getSnPasswordHistory(ctx, query.data);
  });
}
