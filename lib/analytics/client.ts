import {
  cleanProperties,
  isAnalyticsEvent,
  MIRRORED_EVENTS,
  safeUrl,
  TIMING,
  TRUNCATE,
  truncate,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsProperties,
} from "@/lib/contract/analytics-rules";
import { handOver, record, type RawRecord } from "./collect";
import { Sender } from "./sender";
import { AnalyticsStore, type PageVisit } from "./store";

/**
 * The analytics client (SPEC §7, §9), loaded when the browser is idle. Events become records
 * with the browser's id, the login id and a session that ends after 30 idle minutes; they wait
 * in localStorage (at most 200) and go to the collector in batches (sender.ts): at start, then
 * every 6 s. When the page is left, its leave (with the time spent, kept fresh by a 5 s
 * heartbeat) and what is queued go by sendBeacon, but only while the collector answers. Page
 * views follow client-side navigation.
 * Nothing here ever blocks the page: no awaited work in an event handler, errors are swallowed.
 */
export type ClientOptions = {
  /** the collector (ANALYTICS_URL) */
  url: string;
  local?: Storage | null;
  tab?: Storage | null;
  fetch?: typeof fetch;
  beacon?: ((url: string, body: Blob) => boolean) | null;
  /** sends some events on to a web analytics service too (mirror.ts) */
  mirror?: ((event: AnalyticsEventName, properties: AnalyticsProperties) => void) | null;
};

export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function isRaw(value: unknown): value is RawRecord {
  if (typeof value !== "object" || value === null) return false;
  const raw = value as Partial<RawRecord>;
  return typeof raw.e === "string" && typeof raw.t === "number" && typeof raw.u === "string" && typeof raw.p === "object" && raw.p !== null;
}

export class AnalyticsClient {
  private readonly store: AnalyticsStore;
  private readonly sender: Sender;
  private visit: PageVisit | null = null;
  private readonly undo: (() => void)[] = [];

  constructor(private readonly options: ClientOptions) {
    this.store = new AnalyticsStore(options.local ?? null, options.tab ?? null);
    this.sender = new Sender(this.store, options.url, options.fetch ?? ((input, init) => fetch(input, init)), options.beacon ?? null);
  }

  /** Takes over from collect.ts and starts the timers and page tracking. */
  start(): void {
    handOver((raw) => this.track(raw));
    this.every(TIMING.batchIntervalMs, () => void this.tick());
    this.every(TIMING.heartbeatMs, () => this.heartbeat());
    this.followNavigation();
    const onHide = () => this.leave();
    const onShow = (event: PageTransitionEvent) => event.persisted && record("pageView", {});
    const onHidden = () => document.visibilityState === "hidden" && this.sender.flushWithBeacon();
    window.addEventListener("pagehide", onHide);
    window.addEventListener("pageshow", onShow);
    document.addEventListener("visibilitychange", onHidden);
    this.undo.push(() => {
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("pageshow", onShow);
      document.removeEventListener("visibilitychange", onHidden);
    });
    void this.tick();
  }

  stop(): void {
    for (const step of this.undo.splice(0)) step();
  }

  /** The unsent events (tests, and the e2e run reads them through localStorage). */
  pending(): AnalyticsEvent[] {
    return this.store.queue();
  }

  /** An event as collect.ts recorded it. */
  track(raw: unknown): void {
    if (!isRaw(raw)) return;
    if (raw.e === "identify") {
      const id = typeof raw.p.loginId === "string" ? truncate(raw.p.loginId, TRUNCATE.id) : "";
      this.store.setLoginId(id || null);
    } else if (raw.e === "logout") {
      this.store.setLoginId(null);
    } else if (raw.e === "pageView") {
      this.enter(raw);
    } else if (isAnalyticsEvent(raw.e) && raw.e !== "pageLeave") {
      this.add(raw.e, raw.t, raw.u, this.visit?.referrer ?? (raw.r || null), raw.p);
    }
  }

  private add(event: AnalyticsEventName, time: number, url: string, referrer: string | null, properties: Record<string, unknown>): void {
    const cleaned = cleanProperties(properties);
    this.store.push({
      id: randomId(),
      event,
      time,
      distinctId: this.store.distinctId(randomId),
      loginId: this.store.loginId(),
      sessionId: this.sessionAt(time),
      url: truncate(safeUrl(url, location.href), TRUNCATE.string),
      referrer: referrer ? truncate(safeUrl(referrer, location.href), TRUNCATE.referrer) || null : null,
      properties: cleaned,
    });
    if (this.options.mirror && MIRRORED_EVENTS.includes(event)) this.options.mirror(event, cleaned);
  }

  /** The session of an event: the same while events come less than 30 minutes apart. */
  private sessionAt(time: number): string {
    const session = this.store.session();
    const alive = session !== null && Math.abs(time - session.last) <= TIMING.sessionMs;
    const id = alive ? session.id : randomId();
    this.store.setSession({ id, last: alive ? Math.max(time, session.last) : time });
    return id;
  }

  /** A page view; first the leave of the page before, if it was never closed (a crash: up to its last heartbeat). */
  private enter(raw: RawRecord): void {
    const previous = this.visit ?? this.store.page();
    let referrer = raw.r || null;
    if (previous) {
      const open = previous === this.visit;
      const until = open ? raw.t : previous.beatAt;
      this.add("pageLeave", until, previous.url, previous.referrer, { duration: Math.max(0, until - previous.enteredAt) });
      if (open) referrer = previous.url;
    }
    this.visit = { url: raw.u, referrer, enteredAt: raw.t, beatAt: raw.t };
    this.store.setPage(this.visit);
    this.add("pageView", raw.t, raw.u, referrer, raw.p);
  }

  private heartbeat(): void {
    if (!this.visit) return;
    this.visit = { ...this.visit, beatAt: Date.now() };
    this.store.setPage(this.visit);
  }

  /** The page is left: its leave, then what is queued, by beacon. */
  leave(): void {
    if (this.visit) {
      const now = Date.now();
      this.add("pageLeave", now, this.visit.url, this.visit.referrer, { duration: Math.max(0, now - this.visit.enteredAt) });
      this.visit = null;
      this.store.setPage(null);
    }
    this.sender.flushWithBeacon();
  }

  private followNavigation(): void {
    let path = location.pathname;
    const check = () => {
      if (location.pathname === path) return;
      path = location.pathname;
      record("pageView", {});
    };
    const { pushState, replaceState } = history;
    history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
      pushState.apply(this, args);
      check();
    };
    history.replaceState = function (this: History, ...args: Parameters<History["replaceState"]>) {
      replaceState.apply(this, args);
      check();
    };
    window.addEventListener("popstate", check);
    this.undo.push(() => {
      history.pushState = pushState;
      history.replaceState = replaceState;
      window.removeEventListener("popstate", check);
    });
  }

  private every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    this.undo.push(() => clearInterval(timer));
  }

  /** One step of the send loop (sender.ts). */
  tick(): Promise<void> {
    return this.sender.tick();
  }
}
