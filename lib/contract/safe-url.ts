/**
 * Addresses and texts as analytics may keep them (SPEC §7): email addresses masked, and an
 * address reduced to its path and launch parameters, so a `ut` token or an `r` holding one never
 * leaves the page. Its own module: every page's first load carries it (lib/analytics/collect.ts),
 * the rest of analytics-rules.ts loads later.
 */
const EMAIL = /[A-Za-z0-9._%+-]+(@|%40)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;
export const REDACTED = "[redacted]";
const KEPT_QUERY = ["p", "o", "s", "av", "sl", "lr", "l"];

export function maskEmails(value: string): string {
  return value.replace(EMAIL, REDACTED);
}

/** An address reduced to what analytics may keep: origin (if another site), path and launch parameters. */
export function safeUrl(value: string, base: string): string {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return "";
  }
  const kept = new URLSearchParams();
  for (const key of KEPT_QUERY) {
    const item = url.searchParams.get(key);
    if (item !== null) kept.set(key, item);
  }
  const query = kept.toString();
  const own = new URL(base).origin === url.origin;
  return maskEmails(`${own ? "" : url.origin}${url.pathname}${query ? `?${query}` : ""}`);
}
