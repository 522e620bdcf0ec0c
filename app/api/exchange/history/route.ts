import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { getExchangeList } from "@/lib/upstream/user";
import { historyPageQuery } from "@/lib/validation/exchange";
import { apiRoute, Refusal } from "@/lib/session/api-route";

/** GET /api/exchange/history?page=&pageSize=&lang=&{launch}: one page of the redemption history (SWR), from GET /v1/exchange/list. */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  return apiRoute(request, {}, async (ctx) => {
    const query = historyPageQuery.safeParse({ page: params.get("page") ?? "1", pageSize: params.get("pageSize") ?? "10" });
    if (!query.success) throw new Refusal(ErrorCode.invalidParams);
    return getExchangeList(ctx, query.data);
  });
}
