import type { NextRequest } from "next/server";
import { getUserFullInfo } from "@/lib/upstream/passport";
import { avatarSrc, listStates } from "@/lib/upstream/profile";
import type { ProfileView } from "@/lib/profile/view";
import { apiRoute } from "@/lib/session/api-route";

/**
 * GET /api/profile?lang=&{launch}: what the signed-in user's settings page shows (SWR), from
 * GET /v1/user/fullinfo plus the saved country's regions (kept by the portal). One upstream call
 * for the user; 20101 ends the session and names the login page. The country list is not in it:
 * the browser keeps that one (GET /api/regions).
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, {}, async (ctx): Promise<ProfileView> => {
    const user = await getUserFullInfo(ctx);
    const regions = user.country === null ? null : await listStates(ctx, { countryId: user.country }).catch(() => null);
    return { user, avatarSrc: avatarSrc(user.headpic), regions };
  });
}
