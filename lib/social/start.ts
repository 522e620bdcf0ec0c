import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { portalConfig } from "@/lib/config";
import { ErrorCode } from "@/lib/contract/errors";
import { CHANNEL_PATTERN, type SocialOp } from "@/lib/contract/social-return";
import { normalizeLocale } from "@/lib/i18n/resolve";
import type { Locale } from "@/lib/i18n/routing";
import { isLowAppVersion } from "@/lib/launch/brands";
import { launchQuery, parseLaunchContext, type LaunchContext } from "@/lib/launch/context";
import { pageQueryFrom } from "@/lib/launch/page-query";
import { publicOrigin } from "@/lib/session/public-origin";
import { setSocialFlash } from "./cookies";

/**
 * What both ways of starting a round trip share (app/api/social/[channel]): the page's
 * language and launch context from the query, the public origin, and the answer to a request
 * that may not start one (an unknown provider, the China region, sl=0, an old app version):
 * back to a portal page, whose flash says why.
 */
export type StartRequest = { channel: string; lang: Locale; launch: LaunchContext; origin: string; r: string | null };

const NO_LEAK = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

/**
 * The link's own query, completed from the page it was clicked on. The sign-in and register pages
 * are static: their script adds the address's `r` and launch parameters to the provider buttons
 * once it runs, so a click before that brings the bare link. The Referer of a same-origin
 * navigation is that page's whole address (Referrer-Policy strict-origin-when-cross-origin), and
 * still has them; another site's never counts. What is taken is checked as if it came in the link.
 */
function startQuery(request: NextRequest, origin: string): URLSearchParams {
  const query = new URLSearchParams(request.nextUrl.searchParams);
  const referer = request.headers.get("referer");
  const page = referer && referer.length <= 8192 ? URL.parse(referer) : null;
  if (!page || page.origin !== origin) return query;
  for (const [name, value] of new URLSearchParams(pageQueryFrom(page.search))) if (!query.has(name)) query.set(name, value);
  return query;
}

export function readStart(request: NextRequest, channel: string): StartRequest {
  const origin = publicOrigin(request.headers).origin;
  const query = startQuery(request, origin);
  const r = query.get("r");
  return {
    channel,
    lang: normalizeLocale(query.get("lang")) ?? "en",
    launch: parseLaunchContext(query, request.headers.get("user-agent")),
    origin,
    r: r && r.length <= 2048 ? r : null,
  };
}

/** Whether this launch may use the provider (SPEC §6): listed, outside the China region, not hidden by sl=0, not an old app. */
export function mayStart(start: StartRequest, op: SocialOp): boolean {
  if (!CHANNEL_PATTERN.test(start.channel) || !portalConfig().socialProviders.includes(start.channel)) return false;
  return op === "bind" || (start.launch.showSocialLogin && !isLowAppVersion(start.launch));
}

/** A portal page of this launch: /{lang}/{path}?{launch}[&r=…]. */
export function portalPage(start: StartRequest, path: string, r: string | null = start.r): string {
  const query = launchQuery(start.launch);
  if (r) query.set("r", r);
  const qs = query.toString();
  return new URL(`/${start.lang}/${path}${qs ? `?${qs}` : ""}`, start.origin).href;
}

/** 303 to `location`, never cached and without a referrer (the address may hold a session). */
export function seeOther(location: string): NextResponse {
  return NextResponse.redirect(location, { status: 303, headers: NO_LEAK });
}

/** Back to `page` with the error told once. */
export async function refuseStart(page: string, code: number = ErrorCode.socialUnavailable): Promise<NextResponse> {
  await setSocialFlash({ kind: "error", code });
  return seeOther(page);
}
