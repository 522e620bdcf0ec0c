import { BATCH_MAX_BYTES, BATCH_MAX_EVENTS, TIMING, type AnalyticsEvent } from "@/lib/contract/analytics-rules";
import type { AnalyticsStore } from "./store";

/**
 * Sends what waits in the store to the collector: one batch per call of `tick` (the client calls
 * it at start and every 6 s), at most 50 events and 48 KB. A batch in flight holds the next one
 * back for 8 s (the send timeout); a request gives up after 20 s. Events leave the store only
 * when the collector took them, or refused them as malformed (a resend would be refused again).
 */
type Flight = { ids: Set<string>; started: number };
const encoder = new TextEncoder();

export class Sender {
  private readonly flights: Flight[] = [];
  /** whether the collector took the last batch; a beacon is only tried while it does */
  private healthy = false;

  constructor(
    private readonly store: AnalyticsStore,
    private readonly url: string,
    private readonly fetcher: typeof fetch,
    private readonly beacon: ((url: string, body: Blob) => boolean) | null,
  ) {}

  private nextBatch(): AnalyticsEvent[] {
    const busy = new Set(this.flights.flatMap((flight) => [...flight.ids]));
    const batch: AnalyticsEvent[] = [];
    let bytes = 16;
    for (const event of this.store.queue()) {
      if (busy.has(event.id)) continue;
      const size = encoder.encode(JSON.stringify(event)).length + 1;
      if (batch.length >= BATCH_MAX_EVENTS || bytes + size > BATCH_MAX_BYTES) break;
      batch.push(event);
      bytes += size;
    }
    return batch;
  }

  async tick(): Promise<void> {
    const now = Date.now();
    if (this.flights.some((flight) => now - flight.started < TIMING.sendTimeoutMs)) return;
    const batch = this.nextBatch();
    if (batch.length === 0) return;
    const flight: Flight = { ids: new Set(batch.map((event) => event.id)), started: now };
    this.flights.push(flight);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMING.requestTimeoutMs);
    try {
      const response = await this.fetcher(this.url, {
        method: "POST",
        // text/plain: a "simple" request, no CORS preflight for a collector on another origin
        headers: { "content-type": "text/plain;charset=UTF-8" },
        body: JSON.stringify({ events: batch }),
        credentials: "omit",
        cache: "no-store",
        signal: abort.signal,
      });
      // the answer is read to its end: a browser keeps the request of an unread answer open (its
      // connection held, and tools such as Lighthouse wait for the page's network to go quiet)
      await response.arrayBuffer();
      this.healthy = response.ok;
      if (response.ok || (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)) this.store.remove(flight.ids);
    } catch {
      this.healthy = false;
    } finally {
      clearTimeout(timer);
      this.flights.splice(this.flights.indexOf(flight), 1);
    }
  }

  /** The page is going away: what waits goes by sendBeacon, but only while the collector answers. */
  flushWithBeacon(): void {
    if (!this.healthy || !this.beacon) return;
    const batch = this.nextBatch();
    if (batch.length === 0) return;
    const body = new Blob([JSON.stringify({ events: batch })], { type: "text/plain;charset=UTF-8" });
    if (this.beacon(this.url, body)) this.store.remove(new Set(batch.map((event) => event.id)));
  }
}
