/**
 * Redirect URIs an app may register (exact strings: the provider compares them exactly, so a
 * slash more or less is another URI). An absolute https URL, or http on this machine's loopback
 * for development (RFC 8252 §7.3); no fragment, no user or password. Custom schemes of native
 * apps are not accepted yet. A problem in plain words, or null.
 */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function redirectUriProblem(uri: string): string | null {
  if (uri.length > 2000) return "too long";
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "not an absolute URL";
  }
  if (uri.includes("#")) return "a redirect URI has no fragment";
  if (url.username || url.password) return "no user or password in the URL";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return null;
  return "must be https (or http on localhost, 127.0.0.1 or [::1])";
}
