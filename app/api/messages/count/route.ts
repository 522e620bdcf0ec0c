import type { NextRequest } from "next/server";
import { getUnreadCounts } from "@/lib/upstream/message";
import { apiRoute } from "@/lib/session/api-route";

/**
 * GET /api/messages/count?lang=&{launch}: the signed-in user's unread messages per tab and in
 * total for the app `p`; read by the side menu's badge and the message centre's tabs (SWR).
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, {}, (ctx, at) => getUnreadCounts(ctx, { appCode: at.launch.p }));
}
