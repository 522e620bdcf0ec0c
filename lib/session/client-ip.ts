/**
 * The browser's address, forwarded to the services for login logs, per-IP limits and IP bans.
 * Edge-safe.
 *
 * It is the first X-Forwarded-For entry in both setups:
 * - with TRUST_PROXY, the proxy in front (which must overwrite or append to the header) put it there;
 * - without it, Next's server fills in the socket's address when the header is absent, and the
 *   portal's instrumentation removes a header sent by the client itself before Next sees it
 *   (lib/session/socket-address.ts), so the value is always the socket's.
 */
const IP_LIKE = /^[0-9A-Fa-f:.]{2,45}$/;

export function clientIpFrom(headers: Headers): string | undefined {
  const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return first && IP_LIKE.test(first) ? first : undefined;
}
