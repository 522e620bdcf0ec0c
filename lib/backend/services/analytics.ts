import { and, count, gte, sql } from "drizzle-orm";
import { analyticsEventSchema, cleanProperties, maskEmails, TRUNCATE, truncate, type AnalyticsEvent } from "@/lib/contract/analytics";
import { addSeconds, now } from "../clock";
import { getDb } from "../db/client";
import { analyticsEvents } from "../db/schema";
import { throttled } from "../errors";
import { rateLimit } from "../ratelimit";
import { ipLimitKey } from "./ip-key";

/**
 * The reference analytics collector: stores the events of the portal's analytics client.
 * Limited per caller address (services/ip-key.ts: every address as itself, unknown ones shared,
 * IP_LIMIT_EXEMPT not counted),
 * bodies are capped by the services' JSON limit, each event is checked on its own, and its
 * properties are cleaned again here (no secret-looking keys, no email addresses), whatever a
 * client sent. An event id is stored once, so a batch sent twice counts once.
 */
export const COLLECTOR_LIMIT = { name: "analytics-batches-ip", points: 300, durationSeconds: 300 } as const;
/** Events wait in a browser while the collector is down; older ones are dated at arrival. */
const OLDEST_EVENT_SECONDS = 30 * 86_400;

export async function assertCollectorAllowed(ip: string | null): Promise<void> {
  const key = ipLimitKey(ip);
  if (key === null) return;
  const limit = await rateLimit(COLLECTOR_LIMIT);
  const usage = await limit.hit(key);
  if (usage.used > COLLECTOR_LIMIT.points) throw throttled(usage.resetInMs);
}

function clean(event: AnalyticsEvent): AnalyticsEvent {
  return {
    ...event,
    url: truncate(maskEmails(event.url), TRUNCATE.string),
    referrer: event.referrer === null ? null : truncate(maskEmails(event.referrer), TRUNCATE.referrer),
    properties: cleanProperties(event.properties),
  };
}

export async function storeEvents(items: readonly unknown[]): Promise<{ accepted: number; rejected: number }> {
  const receivedAt = now();
  const oldest = addSeconds(receivedAt, -OLDEST_EVENT_SECONDS);
  const valid: AnalyticsEvent[] = [];
  for (const item of items) {
    const parsed = analyticsEventSchema.safeParse(item);
    if (parsed.success) valid.push(clean(parsed.data));
  }
  if (valid.length > 0) {
    const db = await getDb();
    await db
      .insert(analyticsEvents)
      .values(
        valid.map((event) => {
          const time = new Date(event.time);
          return {
            id: event.id,
            event: event.event,
            eventTime: time > receivedAt || time < oldest ? receivedAt : time,
            receivedAt,
            distinctId: event.distinctId,
            loginId: event.loginId,
            sessionId: event.sessionId,
            url: event.url,
            referrer: event.referrer,
            properties: event.properties,
          };
        }),
      )
      .onConflictDoNothing();
  }
  return { accepted: valid.length, rejected: items.length - valid.length };
}

export type DailyCount = { day: string; event: string; count: number };

/** Events per day (UTC) and name, for the last `days` days (today included), newest day first. */
export async function dailyCounts(days: number): Promise<DailyCount[]> {
  const db = await getDb();
  const today = new Date(now());
  today.setUTCHours(0, 0, 0, 0);
  const since = addSeconds(today, -(days - 1) * 86_400);
  const day = sql<string>`to_char(${analyticsEvents.eventTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, event: analyticsEvents.event, count: count() })
    .from(analyticsEvents)
    .where(and(gte(analyticsEvents.eventTime, since)))
    .groupBy(day, analyticsEvents.event)
    .orderBy(sql`1 desc`, analyticsEvents.event);
  return rows.map((row) => ({ day: String(row.day), event: row.event, count: Number(row.count) }));
}
