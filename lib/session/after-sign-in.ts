import "server-only";
import { headers } from "next/headers";
import { launchQuery, parseLaunchContext } from "@/lib/launch/context";
import { portalConfig } from "@/lib/config";
import { publicOrigin } from "./public-origin";
import { safeRedirectTarget } from "./redirect-target";
import { BUSINESS_HOME_PATH, SETTINGS_PATH } from "./routes";

/**
 * After a sign-in: `r` when it is a safe target, else the user's home (SPEC §4): the user
 * centre for a consumer, profile-business for an enterprise user.
 */
export async function afterSignInPath(lang: string, pageQuery: string, business = false): Promise<string> {
  const query = new URLSearchParams(pageQuery);
  const target = safeRedirectTarget(query.get("r"), portalConfig().allowedRedirectHosts, publicOrigin(await headers()).origin);
  if (target) return target.href;
  const launch = launchQuery(parseLaunchContext(query, null)).toString();
  return `/${lang}/${business ? BUSINESS_HOME_PATH : SETTINGS_PATH}${launch ? `?${launch}` : ""}`;
}
