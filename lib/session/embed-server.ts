import "server-only";
import { cookies, headers } from "next/headers";
import { portalConfig } from "@/lib/config";
import type { HostHandoff } from "./action-result";
import { EMBED_COOKIE, isFramedRequest, readEmbed, type EmbedLaunch } from "./embed";
import { publicOrigin } from "./public-origin";

/**
 * The embed launch of the current request (lib/session/embed.ts), for server actions and /api
 * routes: whether its cookies belong in a frame's partition, and whether a sign-in may hand its
 * token to the page for the host.
 */
export async function currentLaunch(): Promise<EmbedLaunch | null> {
  const config = portalConfig();
  const sealed = (await cookies()).get(EMBED_COOKIE)?.value;
  return readEmbed(sealed, config.sessionSecret, config.embedAllowedOrigins, publicOrigin(await headers()).origin);
}

export async function isFramed(): Promise<boolean> {
  const h = await headers();
  return isFramedRequest({ fetchDest: h.get("sec-fetch-dest"), storageAccess: h.get("sec-fetch-storage-access"), launch: await currentLaunch() });
}

/**
 * What a sign-in hands the page for its host: the token and the exact origin to post it to.
 * Only for a launch by an allowlisted host (in window mode also when the portal's own frame
 * opened the window for its host: the window then posts to that host directly), never for an
 * ordinary visit and never to the portal's own origin, so the token stays in the HttpOnly cookie
 * there. The page posts it to this origin only (postMessage's targetOrigin): a browser delivers
 * it to no one else.
 */
export type { HostHandoff } from "./action-result";

export async function hostHandoff(token: string): Promise<HostHandoff | undefined> {
  const launch = await currentLaunch();
  if (!launch) return undefined;
  // A window launch is for one sign-in: the page closes once the opener has the token.
  if (launch.mode === "window") (await cookies()).delete(EMBED_COOKIE);
  return { origin: launch.host, mode: launch.mode, token, ...(launch.relay ? { relay: true as const } : {}) };
}
