/**
 * Whether this server is draining: set once, at the first SIGTERM/SIGINT (lib/server/stop.ts).
 * From then on /readyz answers 503, so the balancer stops sending new requests, while what
 * still arrives is served until the drain period ends (docs/deploy.md).
 */
let drainingSince: number | null = null;

export function markDraining(): void {
  drainingSince ??= Date.now();
}

export function isDraining(): boolean {
  return drainingSince !== null;
}
