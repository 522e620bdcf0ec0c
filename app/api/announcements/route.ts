import type { NextRequest } from "next/server";
import { getAnnouncements } from "@/lib/upstream/message";
import { apiRoute } from "@/lib/session/api-route";

/**
 * GET /api/announcements: the current announcements, for /announcement when its static HTML was
 * made without them. Public and briefly cacheable, like the page.
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, { session: false, cacheControl: "public, max-age=30" }, async (ctx) => ({ list: await getAnnouncements(ctx) }));
}
