/**
 * The address as the browser sees it. Next's `nextUrl` carries the server's own host name
 * (`localhost` even when served on 127.0.0.1), so `r` is rebuilt from the Host header; behind
 * a trusted proxy, X-Forwarded-Proto and X-Forwarded-Host say what the browser used.
 */
export function publicUrl(url: URL, headers: Headers, trustProxy: boolean): URL {
  const forwardedHost = trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const forwardedProto = trustProxy ? headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost || headers.get("host") || url.host;
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : url.protocol;
  const result = new URL(url.pathname + url.search, `${protocol}//${host}`);
  return result;
}

export function trustsProxy(): boolean {
  return /^(1|true)$/i.test(process.env.TRUST_PROXY ?? "");
}
