import type { NextRequest } from "next/server";
import { getUserFullInfo } from "@/lib/upstream/passport";
import type { BusinessView } from "@/lib/profile/view";
import { apiRoute } from "@/lib/session/api-route";

/**
 * GET /api/profile/business?lang=&{launch}: what the enterprise user's account page shows (SWR),
 * from GET /v1/user/fullinfo; 20101 ends the session and names the enterprise login page.
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, { business: true }, async (ctx): Promise<BusinessView> => ({ user: await getUserFullInfo(ctx) }));
}
