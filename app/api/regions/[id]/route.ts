import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { apiRoute, Refusal } from "@/lib/session/api-route";
import { listStates } from "@/lib/upstream/profile";

/**
 * GET /api/regions/{countryId}?lang=…: the country's regions for the user centre's region select
 * (GET /v1/region/country/{id}/states), named in the page's language. The same for everyone in a
 * language and rarely changing, so the browser may keep it for an hour.
 */
export async function GET(request: NextRequest, { params }: RouteContext<"/api/regions/[id]">) {
  const { id } = await params;
  return apiRoute(request, { session: false, cacheControl: "private, max-age=3600" }, async (ctx) => {
    if (!/^[1-9]\d{0,5}$/.test(id)) throw new Refusal(ErrorCode.invalidParams);
    return listStates(ctx, { countryId: Number(id) });
  });
}
