/**
 * Tells the portal's server that a call of the current request found the services out of
 * service (they answered 503, or could not be reached), so a page that then fails to render
 * is answered 503 with Retry-After instead of Next's 500 (lib/server/outage-response.ts): a
 * balancer, a monitor or a browser's retry then reads an outage, not a bug. The server
 * registers the listener at start; without one (tests, the Edge proxy) nothing happens.
 * Edge-safe, like the rest of lib/upstream.
 */
const KEY = Symbol.for("passport.upstream.outage");
type Holder = { [KEY]?: () => void };

export function registerOutageListener(listener: (() => void) | null): void {
  const holder = globalThis as Holder;
  if (listener) holder[KEY] = listener;
  else delete holder[KEY];
}

export function reportOutage(): void {
  (globalThis as Holder)[KEY]?.();
}
