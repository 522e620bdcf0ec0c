import "server-only";
import { headers } from "next/headers";
import { launchQuery, parseLaunchContext } from "@/lib/launch/context";
import { parseAllowedHosts, safeRedirectTarget } from "./redirect-target";
import { SETTINGS_PATH } from "./routes";

/** After a sign-in: `r` when it is a safe target, else the user centre (SPEC §4). */
export async function afterSignInPath(lang: string, pageQuery: string): Promise<string> {
  const query = new URLSearchParams(pageQuery);
  const host = (await headers()).get("host") ?? undefined;
  const target = safeRedirectTarget(query.get("r"), parseAllowedHosts(process.env.ALLOWED_REDIRECT_HOSTS), host);
  if (target) return target.href;
  const launch = launchQuery(parseLaunchContext(query, null)).toString();
  return `/${lang}/${SETTINGS_PATH}${launch ? `?${launch}` : ""}`;
}
