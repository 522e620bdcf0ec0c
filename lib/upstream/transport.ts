/**
 * How the portal reaches the embedded reference services: when no upstream URL is configured,
 * the services answer in this very process, and the server registers at start
 * (instrumentation.ts) a transport that hands them the request directly, without a loopback
 * HTTP hop. The portal never imports lib/backend: it only knows this function's shape. Without
 * a registered transport (tests, another runtime), calls go over HTTP as before. Edge-safe.
 */
export type Transport = (request: Request) => Promise<Response>;

const KEY = Symbol.for("passport.upstream.transport");
type Holder = { [KEY]?: Transport };

export function registerTransport(transport: Transport | null): void {
  const holder = globalThis as Holder;
  if (transport) holder[KEY] = transport;
  else delete holder[KEY];
}

export function registeredTransport(): Transport | null {
  return (globalThis as Holder)[KEY] ?? null;
}
