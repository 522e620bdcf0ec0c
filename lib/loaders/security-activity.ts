import "server-only";
import { redirect } from "next/navigation";
import type { ActivityPage } from "@/lib/contract/activity";
import { ErrorCode } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";
import type { LaunchContext } from "@/lib/launch/context";
import { currentUser, readToken, upstreamContext } from "@/lib/session/server";
import { isUpstreamError } from "@/lib/upstream/errors";
import { getSecurityActivity } from "@/lib/upstream/security";
import type { Loaded } from "./security";

export const ACTIVITY_PAGE_SIZE = 20;

/** The page number of `?page=`: a whole number from 1, else the first page. */
export function activityPageNumber(raw: string | string[] | undefined): number {
  const value = typeof raw === "string" && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return value >= 1 ? value : 1;
}

/**
 * One page of the security activity for the signed-in user. A session that ended meanwhile
 * (20101) goes to `loginHref`; another failure is shown on the page with its code.
 */
export async function loadSecurityActivity(
  lang: Locale,
  launch: LaunchContext,
  loginHref: string,
  page: number,
): Promise<{ enterprise: boolean; activity: Loaded<ActivityPage> }> {
  try {
    const token = await readToken();
    const user = await currentUser(lang, launch);
    if (!user || !token) redirect(loginHref);
    const ctx = await upstreamContext(lang, launch, token);
    const enterprise = user.enterpriseUser !== null;
    const activity = await getSecurityActivity(ctx, { page, pageSize: ACTIVITY_PAGE_SIZE }).then(
      (data): Loaded<ActivityPage> => ({ data, error: null }),
      (error: unknown): Loaded<ActivityPage> => {
        if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) throw error;
        return { data: null, error: isUpstreamError(error) ? error.code : ErrorCode.systemError };
      },
    );
    return { enterprise, activity };
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) redirect(loginHref);
    throw error;
  }
}
