import { portalConfig } from "@/lib/config";

/**
 * Base URLs of the upstream services. A base is an origin, optionally with a path prefix; the
 * contract's paths (`/v1/…`, `/v2/…`, `/message/…`) are appended to it.
 *
 * Unset, every service defaults to this app's own reference services, which answer at those
 * paths of the same origin. The default uses 127.0.0.1 rather than `localhost` because Node
 * resolves `localhost` to ::1 first while the server may listen on IPv4 only. An app bound to
 * another interface sets the variables explicitly.
 */
export type UpstreamService = "passport" | "user" | "message";

export function upstreamBaseUrl(service: UpstreamService): string {
  const config = portalConfig();
  const base = config.upstream[service] ?? `http://127.0.0.1:${config.port}`;
  return base.replace(/\/+$/, "");
}

/** True when the service is this app's own reference services (no URL configured). */
export function isEmbeddedService(service: UpstreamService): boolean {
  return portalConfig().upstream[service] === null;
}
