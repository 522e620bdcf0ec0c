/**
 * Which addresses are pages: everything but the reference services, the portal's API, Next's
 * internals and the real static files (public/), so anything else (`//evil.example`, `/a.b`)
 * follows the route table. Pages get the security headers (lib/security/headers.ts, set by the
 * app's server for every page response, lib/security/incoming.ts) and pass the proxy.
 *
 * proxy.ts repeats this list in its matcher, which Next needs as a literal;
 * tests/unit/security/page-paths.test.ts keeps the two the same.
 */
export const NOT_PAGES = ["_next/", "v1/", "v2/", "message/", "api/", "brands/", "images/", "media/", "training/", "embed/", "\\.well-known/", "icon\\.svg$", "favicon\\.ico$", "robots\\.txt$"] as const;

const NOT_PAGE = new RegExp(`^/(?:${NOT_PAGES.join("|")})`);

export function isPagePath(url: string | undefined): boolean {
  const path = (url ?? "/").split("?")[0] ?? "/";
  return !NOT_PAGE.test(path);
}
