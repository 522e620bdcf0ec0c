import "server-only";
import { headers } from "next/headers";
import { launchQuery, parseLaunchContext } from "@/lib/launch/context";
import { parseAllowedHosts, safeRedirectTarget } from "./redirect-target";
import { BUSINESS_HOME_PATH, SETTINGS_PATH } from "./routes";

/**
 * After a sign-in: `r` when it is a safe target, else the user's home (SPEC §4): the user
 * centre for a consumer, profile-business for an enterprise user.
 */
export async function afterSignInPath(lang: string, pageQuery: string, business = false): Promise<string> {
  const query = new URLSearchParams(pageQuery);
  const host = (await headers()).get("host") ?? undefined;
  const target = safeRedirectTarget(query.get("r"), parseAllowedHosts(process.env.ALLOWED_REDIRECT_HOSTS), host);
  if (target) return target.href;
  const launch = launchQuery(parseLaunchContext(query, null)).toString();
  return `/${lang}/${business ? BUSINESS_HOME_PATH : SETTINGS_PATH}${launch ? `?${launch}` : ""}`;
}
