/**
 * The analytics events and their limits (SPEC §7, §9), shared by the browser client
 * (lib/analytics) and the reference collector (POST /v1/analytics/events). No zod here: the
 * client loads this module, and it must stay tiny.
 */
import { maskEmails } from "./safe-url";

export { maskEmails, REDACTED, safeUrl } from "./safe-url";

export const ANALYTICS_EVENTS = [
  "pageView",
  "pageLeave",
  "login",
  "register",
  "getCode",
  "findPassword",
  "redeemNow",
  "buttonClick",
  "dialogOperation",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Events that are also sent to a web analytics service, when one is configured. */
export const MIRRORED_EVENTS: readonly AnalyticsEventName[] = ["login", "register", "getCode", "buttonClick"];

export function isAnalyticsEvent(value: unknown): value is AnalyticsEventName {
  return typeof value === "string" && (ANALYTICS_EVENTS as readonly string[]).includes(value);
}

/** SPEC §9: strings 500 characters, ids 255, property keys 100, the referrer 200. */
export const TRUNCATE = { string: 500, id: 255, key: 100, referrer: 200 } as const;

/** SPEC §9 timing: batches every 6 s, 8 s send timeout, 20 s request timeout, 5 s heartbeat, 30 min sessions. */
export const TIMING = {
  batchIntervalMs: 6_000,
  sendTimeoutMs: 8_000,
  requestTimeoutMs: 20_000,
  heartbeatMs: 5_000,
  sessionMs: 30 * 60_000,
} as const;

/** SPEC §9: at most 200 unsent events are kept (across reloads); the oldest go first. */
export const QUEUE_MAX = 200;
/** One request carries at most this many events and bytes (the collector's body limit is 64 KB). */
export const BATCH_MAX_EVENTS = 50;
export const BATCH_MAX_BYTES = 48 * 1024;
/** Properties per event; more are dropped. */
export const PROPERTIES_MAX = 20;

export type PropertyValue = string | number | boolean | null;
export type AnalyticsProperties = Record<string, PropertyValue>;

/** One event as the collector receives it. `id` is random: the collector stores an id once, so a resend is harmless. */
export type AnalyticsEvent = {
  id: string;
  event: AnalyticsEventName;
  /** when it happened, epoch milliseconds (the browser's clock) */
  time: number;
  /** a random id of the browser */
  distinctId: string;
  /** the signed-in user's id (SPEC §7: the login id), null when signed out */
  loginId: string | null;
  /** changes after 30 minutes without an event */
  sessionId: string;
  /** the page: path and launch parameters only */
  url: string;
  referrer: string | null;
  properties: AnalyticsProperties;
};

export function truncate(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

/*
 * Never a password, code, token or email in an event (brief, SPEC): properties whose key names
 * a secret are dropped, values that look like an email address are masked, and addresses keep
 * only their path and the launch parameters (safe-url.ts: a `ut` token or an `r` with one never leaves).
 */
const SECRET_KEY = /pass|token|secret|captcha|nonce|code$|^code|email|mail$|ticket|cookie|auth/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Properties as they may be sent: no secret keys, keys ≤ 100, strings ≤ 500, at most 20. */
export function cleanProperties(input: Record<string, unknown>): AnalyticsProperties {
  const out: AnalyticsProperties = {};
  let count = 0;
  for (const [rawKey, value] of Object.entries(input)) {
    if (count >= PROPERTIES_MAX) break;
    const key = truncate(rawKey, TRUNCATE.key);
    if (!key || key === "event" || isSecretKey(key)) continue;
    if (typeof value === "string") out[key] = truncate(maskEmails(value), key === "elementId" ? TRUNCATE.id : TRUNCATE.string);
    else if (typeof value === "number") out[key] = Number.isFinite(value) ? value : null;
    else if (typeof value === "boolean" || value === null) out[key] = value;
    else continue;
    count += 1;
  }
  return out;
}
