import type { NextRequest } from "next/server";
import { portalConfig } from "@/lib/config";
import { apiRoute } from "@/lib/session/api-route";

/**
 * GET /api/analytics/config: where the analytics client sends events (ANALYTICS_URL, null when
 * off) and the web analytics service to mirror to (WEB_ANALYTICS_ID, null when none). Read at
 * run time, so static pages need no rebuild when they change; cached by the browser briefly.
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, { session: false, cacheControl: "private, max-age=300" }, async () => {
    const { analytics } = portalConfig();
    return { url: analytics.url, webAnalyticsId: analytics.webAnalyticsId };
  });
}
