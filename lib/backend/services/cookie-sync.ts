import { domainCovers, hopTarget, normalizeCookieDomain } from "@/lib/contract/cookie-sync";
import { getConfig } from "../config";
import { ErrorCode, ServiceError } from "../errors";
import { log } from "../log";
import { authenticate } from "./sessions";

/**
 * Third-party-cookie mode (SPEC §4, §7; docs/embedding.md): the rules of GET /v1/cookie/set-cookies
 * and /v1/cookie/add-cookies. Only a configured domain that covers the site answering, only a
 * live session's token, and never over another account: a page on any site can make a browser
 * visit these addresses with a token of its choosing (login CSRF), so a valid session of a
 * different user already in the browser is kept, as the portal does for `?ut=`.
 */
export type SiblingCookieRequest = {
  utoken: string;
  domain: string;
  /** the host name this request was sent to (the cookie can only be set on a domain covering it) */
  requestHost: string;
  /** the `utoken` cookie the browser already holds for this site, if any */
  existing: string | null;
};

export type SiblingCookie = { domain: string; set: boolean };

export async function siblingCookie(input: SiblingCookieRequest): Promise<SiblingCookie> {
  const domain = normalizeCookieDomain(input.domain);
  if (!domain || !getConfig().cookieSync.domains.includes(domain) || !domainCovers(domain, input.requestHost)) {
    throw new ServiceError(ErrorCode.cookieDomainRefused);
  }
  const handed = await authenticate(input.utoken);
  if (input.existing && input.existing !== input.utoken) {
    const current = await authenticate(input.existing).catch(() => null);
    if (current && current.user.id !== handed.user.id) {
      log().info({ event: "cookie-sync", domain, outcome: "kept-other-account" }, "a sibling cookie of another account was kept");
      return { domain, set: false };
    }
  }
  return { domain, set: true };
}

/** Where add-cookies sends the browser next: an allowlisted target, else 20402 (no open redirect). */
export function nextHop(target: string): URL {
  const url = hopTarget(target, getConfig().cookieSync.targets);
  if (!url) throw new ServiceError(ErrorCode.cookieTargetRefused);
  return url;
}
