import type { NextRequest } from "next/server";
import { portalConfig } from "@/lib/config";
import { ErrorCode } from "@/lib/contract/errors";
import { launchQuery } from "@/lib/launch/context";
import { isUsableToken, UTOKEN_COOKIE } from "@/lib/session/cookie";
import { isSameOriginRequest } from "@/lib/session/same-origin";
import { SECURITY_PATH } from "@/lib/session/routes";
import { upstreamContext } from "@/lib/session/server";
import { markSocialStart } from "@/lib/social/cookies";
import { mayStart, portalPage, readStart, refuseStart, seeOther } from "@/lib/social/start";
import { socialStartUrl } from "@/lib/social/start-url";
import { UpstreamError } from "@/lib/upstream/errors";
import { createBindTicket } from "@/lib/upstream/social";

/**
 * The portal's doors to a social round trip (SPEC §7 /oauth/{channel}/auth):
 *
 * GET /api/social/{channel}?lang=&r=&{launch} — a provider button on login or register (a
 *     link; signing in changes nothing here). Marks this browser as having started a round trip
 *     (a nonce in a cookie and in the callback address, lib/social/cookies.ts) and sends it to
 *     the services.
 * GET /api/social/{channel}?op=bind&lang=&{launch} — "Connect" on account security, a link of
 *     the portal's own page: taken only from a same-origin navigation (Sec-Fetch-Site, else
 *     Referer), so another site cannot start a connection. The portal asks the services for a
 *     one-time bind ticket with the session, server to server, and the services' address carries
 *     the ticket (`bt`; single use, 5 minutes, that session only): never the session, which would
 *     stay in the history and proxy logs (SOCIAL_BIND_SESSION_TOKEN=true sends it as `ut`, for an
 *     upstream API without tickets). The services return to account security. A link rather
 *     than a form post: the redirects that follow a form submission must all pass the CSP's
 *     form-action, and the provider's own address is not one the portal can know in advance.
 */
export async function GET(request: NextRequest, { params }: RouteContext<"/api/social/[channel]">) {
  const start = readStart(request, (await params).channel);
  if (request.nextUrl.searchParams.get("op") === "bind") return connect(request, start);
  if (!mayStart(start, "login")) return refuseStart(portalPage(start, "login"));
  const nonce = await markSocialStart(launchQuery(start.launch).toString());
  // the device a sign-in held for two-step is bound to: the one its second step will come from
  const { deviceId } = await upstreamContext(start.lang, start.launch, null, { ensureDevice: true });
  return seeOther(socialStartUrl({ ...start, op: "login", portalOrigin: start.origin, nonce, deviceId }));
}

async function connect(request: NextRequest, start: ReturnType<typeof readStart>) {
  const security = portalPage(start, SECURITY_PATH, null);
  if (!isSameOriginRequest(request.headers, new URL(start.origin).host)) return refuseStart(security, 20102);
  const token = request.cookies.get(UTOKEN_COOKIE)?.value;
  if (!isUsableToken(token)) return seeOther(portalPage(start, "login", security));
  if (!mayStart(start, "bind")) return refuseStart(security);
  let bind: { ticket: string } | { token: string } = { token };
  if (!portalConfig().socialBindSessionToken) {
    try {
      bind = { ticket: await createBindTicket(await upstreamContext(start.lang, start.launch, token), start.channel) };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.code === ErrorCode.loginExpired) return seeOther(portalPage(start, "login", security));
      return refuseStart(security, error.code);
    }
  }
  // a connection's result, too, is shown only on the return of the round trip this browser started
  const nonce = await markSocialStart(launchQuery(start.launch).toString());
  return seeOther(socialStartUrl({ ...start, op: "bind", portalOrigin: start.origin, r: security, bind, nonce }));
}
