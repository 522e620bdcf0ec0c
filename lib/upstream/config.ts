/**
 * Base URLs of the upstream services. A base is an origin, optionally with a path
 * prefix; the contract's paths (`/v1/…`, `/v2/…`, `/message/…`) are appended to it.
 *
 * Unset, every service defaults to this app's own reference services, which answer at
 * those paths of the same origin. The default uses 127.0.0.1 rather than `localhost`
 * because Node resolves `localhost` to ::1 first while `next start` may listen on IPv4
 * only. An app bound to another interface sets the variables explicitly.
 *
 * Read on every call (not at module load) so tests and `next start` see the runtime
 * environment; property access stays static so the Edge runtime can read it too.
 */
export type UpstreamService = "passport" | "user" | "message";

function configuredUrl(service: UpstreamService): string | undefined {
  switch (service) {
    case "passport":
      return process.env.PASSPORT_API_URL;
    case "user":
      return process.env.USER_API_URL;
    case "message":
      return process.env.MESSAGE_API_URL;
  }
}

export function upstreamBaseUrl(service: UpstreamService): string {
  const configured = configuredUrl(service)?.trim();
  const base = configured ? configured : `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  return base.replace(/\/+$/, "");
}
