import { ADD_COOKIES_PATH, SET_COOKIES_PATH } from "@/lib/contract/cookie-sync";

/**
 * The portal's half of third-party-cookie mode (SPEC §4; docs/embedding.md): the addresses the
 * browser visits after a sign-in. Built on the server from the HttpOnly cookie by the
 * /api/cookie-sync routes, so page scripts never see the token; every hop answers
 * `Referrer-Policy: no-referrer`, and the last one lands on a clean address.
 */
export type CookieSyncSite = { origin: string; domain: string };

/** The first hop of a chain through every site's add-cookies, ending at `finalUrl`. */
export function cookieSyncChain(sites: readonly CookieSyncSite[], token: string, finalUrl: string): string {
  let target = finalUrl;
  for (const site of [...sites].reverse()) {
    target = `${site.origin}${ADD_COOKIES_PATH}?${new URLSearchParams({ utoken: token, domain: site.domain, target })}`;
  }
  return target;
}

/** The set-cookies address of one site (visit mode). */
export function cookieVisitUrl(site: CookieSyncSite, token: string): string {
  return `${site.origin}${SET_COOKIES_PATH}?${new URLSearchParams({ utoken: token, domain: site.domain })}`;
}
