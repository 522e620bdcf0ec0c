import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { addCookiesQuery, setCookiesQuery, setCookiesResponse, SYNCED_COOKIE_MAX_AGE } from "@/lib/contract/cookie-sync";
import { getConfig } from "../../config";
import { ErrorCode, ServiceError } from "../../errors";
import { nextHop, siblingCookie } from "../../services/cookie-sync";
import type { ServicesApp } from "../env";
import { failureEnvelope, reply } from "../envelope";
import type { ServicesEnv } from "../env";
import { ok } from "../openapi";

/**
 * Third-party-cookie mode (SPEC §4, §7): the session cookie set on this site's domain for a sign-in
 * made on the portal. Every answer is `no-store` and `Referrer-Policy: no-referrer`, so the token
 * in the address is never passed on to the next page, and a hop's redirect goes to a clean target.
 */
const tags = ["third-party-cookie mode"];
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function lastValue(header: string | undefined): string | undefined {
  return header?.split(",").at(-1)?.trim() || undefined;
}

/** The host this request was sent to and whether it came over https (behind TRUST_PROXY: as the proxy says). */
function requestSite(c: Context<ServicesEnv>): { host: string; https: boolean } {
  const url = new URL(c.req.url);
  const proxied = getConfig().trustProxyHops > 0;
  const forwardedHost = proxied ? lastValue(c.req.header("x-forwarded-host")) : undefined;
  const host = forwardedHost ? new URL(`http://${forwardedHost}`).hostname : url.hostname;
  const https = url.protocol === "https:" || (proxied && lastValue(c.req.header("x-forwarded-proto")) === "https");
  return { host: host.toLowerCase(), https };
}

/** SPEC §9: 365 days, SameSite=None and Secure (plain http to a LAN host: Lax without Secure), on the domain. */
function setSessionCookie(c: Context<ServicesEnv>, token: string, domain: string, site: { host: string; https: boolean }): void {
  const secure = site.https || LOOPBACK.has(site.host);
  setCookie(c, "utoken", token, {
    domain,
    path: "/",
    maxAge: SYNCED_COOKIE_MAX_AGE,
    httpOnly: getConfig().cookieSync.httpOnly,
    secure,
    sameSite: secure ? "None" : "Lax",
  });
}

function hopHeaders(c: Context<ServicesEnv>): void {
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "no-store");
}

export function cookieRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/cookie/set-cookies",
      tags,
      summary: "Set the session cookie on this site's domain (visited by the browser after a sign-in)",
      request: { query: setCookiesQuery },
      responses: ok(setCookiesResponse),
    }),
    async (c) => {
      hopHeaders(c);
      const { utoken, domain } = c.req.valid("query");
      const site = requestSite(c);
      const result = await siblingCookie({ utoken, domain, requestHost: site.host, existing: getCookie(c, "utoken") ?? null });
      if (!result.set) throw new ServiceError(ErrorCode.cookieOtherAccount);
      setSessionCookie(c, utoken, result.domain, site);
      return reply(c, { domain: result.domain });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/cookie/add-cookies",
      tags,
      summary: "Set the session cookie on this site's domain, then go on to target (a chain of hops)",
      request: { query: addCookiesQuery },
      responses: {
        302: { description: "The cookie is set (or another account's was kept); Location is the target, which never carries a token unless it is the next hop" },
        default: { content: { "application/json": { schema: failureEnvelope } }, description: "20401 domain, 20402 target, 20101 token: nothing set, no redirect" },
      },
    }),
    async (c) => {
      hopHeaders(c);
      const { utoken, domain, target } = c.req.valid("query");
      const next = nextHop(target);
      const site = requestSite(c);
      const result = await siblingCookie({ utoken, domain, requestHost: site.host, existing: getCookie(c, "utoken") ?? null });
      if (result.set) setSessionCookie(c, utoken, result.domain, site);
      return c.redirect(next.href, 302);
    },
  );
}
