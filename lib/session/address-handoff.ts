import { NextResponse, type NextRequest } from "next/server";
import type { Locale } from "@/lib/i18n/routing";
import type { AppHeaders } from "@/lib/contract/headers";
import { addressTokenTrust, CONTINUE_PATH, decideHandoff, NATIVE_LAUNCH_HEADER, PENDING_HANDOFF_COOKIE, PENDING_HANDOFF_SECONDS, sealPendingHandoff } from "./address-token";
import { isUsableToken, UTOKEN_COOKIE, type CookieOptions } from "./cookie";
import { NOTICE_COOKIE } from "./notice";
import { validateToken } from "./validate-token";

/**
 * The proxy's part of a token in the address (lib/session/address-token.ts says who may hand one
 * over): the token always leaves the address at once (a redirect to the same page without it);
 * a trusted navigation stores it, unless another account is signed in; any other navigation is
 * sent to /{lang}/continue, which asks the visitor first.
 */
export type AddressHandoffContext = {
  request: NextRequest;
  token: string;
  /** the page as visited, on the portal's public origin */
  visited: URL;
  lang: Locale;
  app: AppHeaders;
  /** the launch query of this visit (p, s, …), kept on the continue page */
  launchQuery: URLSearchParams;
  /** this navigation is a launch by an allowlisted host (lib/session/embed.ts) */
  hostLaunch: boolean;
  stored: string | undefined;
  secret: string | null;
  cookieOptions: (remember: boolean) => CookieOptions;
};

export async function handleAddressToken(ctx: AddressHandoffContext): Promise<NextResponse> {
  const { request, token, visited } = ctx;
  const clean = new URL(visited);
  clean.searchParams.delete("ut");
  const response = NextResponse.redirect(clean);
  const h = request.headers;
  const trust = addressTokenTrust(
    {
      fetchMode: h.get("sec-fetch-mode"),
      fetchDest: h.get("sec-fetch-dest"),
      fetchSite: h.get("sec-fetch-site"),
      accept: h.get("accept"),
      launchHeader: h.get(NATIVE_LAUNCH_HEADER),
    },
    ctx.hostLaunch,
  );
  if (trust === "ignore" || !isUsableToken(token) || token === ctx.stored) return response;

  if (trust === "ask") {
    if (!ctx.secret) return response;
    const ask = new URL(`/${ctx.lang}/${CONTINUE_PATH}`, clean);
    ask.search = ctx.launchQuery.toString();
    const redirect = NextResponse.redirect(ask);
    const sealed = await sealPendingHandoff({ token, to: clean.pathname + clean.search }, ctx.secret);
    redirect.cookies.set(PENDING_HANDOFF_COOKIE, sealed, { ...ctx.cookieOptions(false), sameSite: "lax", partitioned: false, httpOnly: true, maxAge: PENDING_HANDOFF_SECONDS });
    return redirect;
  }

  const handed = await validateToken(token, ctx.lang, ctx.app);
  const current = isUsableToken(ctx.stored) ? await validateToken(ctx.stored, ctx.lang, ctx.app) : null;
  const decision = decideHandoff({
    handed: { valid: handed.status === "valid", uid: handed.uid ?? null },
    stored: current ? { valid: current.status === "valid", uid: current.uid ?? null } : null,
  });
  if (decision.action === "take") response.cookies.set(UTOKEN_COOKIE, token, ctx.cookieOptions(true));
  if (decision.action === "keep" && decision.notice) response.cookies.set(NOTICE_COOKIE, decision.notice, { path: "/", maxAge: 60, sameSite: "lax" });
  return response;
}
