/**
 * Redirect URIs an app may register (exact strings: the provider compares them exactly, so a
 * slash more or less is another URI); no fragment, no user or password. A problem in plain words,
 * or null.
 *
 * A web app: an absolute https URL, or http on this machine's loopback for development.
 * A native app (RFC 8252, a public client registered as native): http on a loopback IP literal
 * (127.0.0.1 or [::1], §7.3; the provider then matches it on any port, since the app listens on
 * whichever port is free), a claimed https URL (§7.2), or a private-use scheme in reverse-domain
 * form such as com.example.app:/callback (§7.1), which only that app's platform hands to it.
 */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const LOOPBACK_IP = new Set(["127.0.0.1", "[::1]"]);
// a reverse domain name: two labels at least, so no "javascript:", "data:", "myapp:" or "http:"
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/;

export function redirectUriProblem(uri: string, native = false): string | null {
  if (uri.length > 2000) return "too long";
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "not an absolute URL";
  }
  if (uri.includes("#")) return "a redirect URI has no fragment";
  if (url.username || url.password) return "no user or password in the URL";
  if (!native) {
    if (url.protocol === "https:") return null;
    if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return null;
    return "must be https (or http on localhost, 127.0.0.1 or [::1])";
  }
  if (url.protocol === "https:") return LOOPBACK.has(url.hostname) ? "a native app's https URI is its own domain, not the loopback" : null;
  if (url.protocol === "http:") return LOOPBACK_IP.has(url.hostname) ? null : "a native app's http URI is on 127.0.0.1 or [::1] (any port)";
  if (PRIVATE_USE_SCHEME.test(url.protocol)) return null;
  return "a native app's URI is https, http on 127.0.0.1 or [::1], or a reverse-domain scheme such as com.example.app:/callback";
}
