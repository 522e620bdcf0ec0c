import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { getDeviceSecurity } from "@/lib/upstream/security";
import { devicePageQuery } from "@/lib/validation/security";
import { apiRoute, Refusal } from "@/lib/session/api-route";

/**
 * GET /api/devices?page=&pageSize=&lang=&business=1&{launch}: the device-security switch and one
 * page of the signed-in user's known devices for the account-security page (SWR), from
 * GET /v1/user/device/security.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  return apiRoute(request, { business: params.get("business") === "1" }, async (ctx) => {
    const query = devicePageQuery.safeParse({ page: params.get("page") ?? undefined, pageSize: params.get("pageSize") ?? undefined });
    if (!query.success) throw new Refusal(ErrorCode.invalidParams);
    return getDeviceSecurity(ctx, query.data);
  });
}
