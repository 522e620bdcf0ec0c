import { safeUrl } from "@/lib/contract/safe-url";
import { ANALYTICS_DOM_EVENT } from "./announce";

/**
 * The part of analytics every page carries (a few hundred bytes): it listens from the start for
 * `passport:analytics` events and clicks on `[data-analytics-id]` controls, and keeps what it
 * hears until the real client (client.ts, loaded when the browser is idle) takes over. Kept in
 * localStorage right away, so an event just before a navigation (a successful sign-in) is not lost.
 */
export type RawRecord = { e: string; p: Record<string, unknown>; t: number; u: string; r: string };
type Consumer = (record: RawRecord) => void;

export const INBOX_KEY = "passport:analytics:inbox";
const INBOX_MAX = 200;

let consumer: Consumer | null = null;
let listening = false;
let off = false;

function readInbox(): RawRecord[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(INBOX_KEY) ?? "[]");
    return Array.isArray(value) ? (value as RawRecord[]) : [];
  } catch {
    return [];
  }
}

function writeInbox(records: RawRecord[]): void {
  try {
    if (records.length === 0) localStorage.removeItem(INBOX_KEY);
    else localStorage.setItem(INBOX_KEY, JSON.stringify(records.slice(-INBOX_MAX)));
  } catch {
    // storage full or blocked: the event is lost, the page is not disturbed
  }
}

export function record(event: string, properties: Record<string, unknown>): void {
  if (off) return;
  // addresses are reduced at once (no token of a query string is ever kept, even briefly)
  const raw: RawRecord = { e: event, p: properties, t: Date.now(), u: safeUrl(location.href, location.href), r: document.referrer ? safeUrl(document.referrer, location.href) : "" };
  if (consumer) consumer(raw);
  else writeInbox([...readInbox(), raw]);
}

function onAnnounce(event: Event): void {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  if (typeof detail !== "object" || detail === null || !("event" in detail) || typeof detail.event !== "string") return;
  const { event: name, ...properties } = detail as { event: string } & Record<string, unknown>;
  record(name, properties);
}

function onClick(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest("[data-analytics-id]") : null;
  const elementId = control?.getAttribute("data-analytics-id");
  if (elementId) record("buttonClick", { elementId });
}

/** Starts listening (once per page) and records the page view of the page that loaded. */
export function startCollecting(): void {
  if (listening || off || typeof window === "undefined") return;
  listening = true;
  window.addEventListener(ANALYTICS_DOM_EVENT, onAnnounce);
  document.addEventListener("click", onClick, true);
  record("pageView", {});
}

/** The client takes over: it gets what was kept, then every new record. */
export function handOver(next: Consumer): void {
  consumer = next;
  const kept = readInbox();
  writeInbox([]);
  for (const raw of kept) next(raw);
}

/** Analytics is off (no ANALYTICS_URL): stop listening and forget what was kept. */
export function stopCollecting(): void {
  off = true;
  consumer = null;
  window.removeEventListener(ANALYTICS_DOM_EVENT, onAnnounce);
  document.removeEventListener("click", onClick, true);
  writeInbox([]);
}

/** Tests: start over. */
export function resetCollecting(): void {
  if (typeof window !== "undefined") {
    window.removeEventListener(ANALYTICS_DOM_EVENT, onAnnounce);
    document.removeEventListener("click", onClick, true);
  }
  consumer = null;
  listening = false;
  off = false;
}
