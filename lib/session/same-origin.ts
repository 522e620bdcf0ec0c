/**
 * Whether a request to an `app/api` route comes from the portal's own pages (ARCHITECTURE:
 * "app/api routes must check the origin too"). Browsers send Sec-Fetch-Site on every fetch;
 * older ones without it are judged by Origin, then Referer. No header at all is refused.
 */
export function isSameOriginRequest(headers: Headers, host: string | null): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  if (!host) return false;
  const source = headers.get("origin") ?? headers.get("referer");
  if (!source) return false;
  try {
    return new URL(source).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
