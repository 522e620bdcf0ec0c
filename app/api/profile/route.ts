import type { NextRequest } from "next/server";
import { ErrorCode } from "@/lib/contract/errors";
import { getUserFullInfo } from "@/lib/upstream/passport";
import { avatarSrc, listCountries, listStates } from "@/lib/upstream/profile";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { UpstreamContext } from "@/lib/upstream/context";
import type { ProfileView, RegionLists } from "@/lib/profile/view";
import { apiRoute } from "@/lib/session/api-route";

/**
 * GET /api/profile?lang=&{launch}: what the signed-in user's settings page shows (SWR), from
 * GET /v1/user/fullinfo plus the country list (kept by the portal) and the saved country's
 * regions. One upstream call for the user; 20101 ends the session and names the login page.
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, {}, async (ctx): Promise<ProfileView> => {
    const user = await getUserFullInfo(ctx);
    return { user, avatarSrc: avatarSrc(user.headpic), lists: await loadRegionLists(ctx, user.country) };
  });
}

/** The country list and the saved country's regions; a failure is named, not thrown. */
async function loadRegionLists(ctx: UpstreamContext, country: number | null): Promise<RegionLists> {
  try {
    const [countries, regions] = await Promise.all([
      listCountries(ctx),
      country === null ? null : listStates(ctx, { countryId: country }).catch(() => null),
    ]);
    return { countries, regions };
  } catch (error) {
    return { failed: isUpstreamError(error) ? error.code : ErrorCode.systemError };
  }
}
