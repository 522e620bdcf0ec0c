import "server-only";
import { portalConfig } from "@/lib/config";
import { headers } from "next/headers";
import { launchQuery, parseLaunchContext, withLaunchQuery, type LaunchContext } from "./context";

export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Launch context of a page render, plus helpers to keep it on internal links. */
export async function pageLaunch(searchParams: PageSearchParams): Promise<{
  launch: LaunchContext;
  /** The page's own query string (launch parameters and r), for its server actions. */
  query: string;
  href: (path: string) => string;
  /** Like href, also keeping `r` so a sign-in started elsewhere still returns there. */
  hrefWithR: (path: string) => string;
}> {
  const params = await searchParams;
  const launch = parseLaunchContext(params, (await headers()).get("user-agent"), portalConfig().imageHosts);
  const query = launchQuery(launch);
  const r = params.r;
  if (typeof r === "string") query.set("r", r);
  const href = (path: string) => withLaunchQuery(path, launch);
  const hrefWithR = (path: string) => {
    const base = href(path);
    return typeof r === "string" ? `${base}${base.includes("?") ? "&" : "?"}r=${encodeURIComponent(r)}` : base;
  };
  return { launch, query: query.toString(), href, hrefWithR };
}
