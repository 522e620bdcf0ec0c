import { and, count, eq, gte, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Breakdown, Dashboard, Series } from "@/lib/contract/console/screens";
import { APP_CODE_PATTERN } from "@/lib/contract/messages";
import { addSeconds } from "../../clock";
import { getDb } from "../../db/client";
import { analyticsEvents, exchangeCodes, sessions, signInFailures, users, verificationCodes } from "../../db/schema";
import { dayRange, ConsoleError } from "./input";

/**
 * The console's analytics dashboard: counts per UTC day over a range of at most 366 days.
 * Every query is bounded by that range on an indexed time column (sessions_created_idx,
 * users_created_idx, sign_in_failures_created_idx, verification_codes_created_idx,
 * exchange_codes_redeemed_idx, analytics_events_time_idx) and grouped in the database.
 * Brand (`p`) and platform split sign-ins and registrations (the first session's) and brand
 * splits the analytics events (their page's `p`); failures, codes sent and redemptions are not
 * recorded per brand, so the filters leave them whole.
 */
const PLATFORM_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;
const dayOf = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const urlBrand = sql<string>`coalesce(substring(${analyticsEvents.url} from '[?&]p=([A-Za-z0-9._-]{1,64})'), '')`;

function filterOf(value: unknown, pattern: RegExp): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" || !pattern.test(value)) throw new ConsoleError("badFilter", 400);
  return value;
}

function spread(days: string[], rows: { day: string; label: string; n: number }[]): Series[] {
  const index = new Map(days.map((day, position) => [day, position]));
  const byLabel = new Map<string, number[]>();
  for (const row of rows) {
    const position = index.get(row.day);
    if (position === undefined) continue;
    const values = byLabel.get(row.label) ?? new Array<number>(days.length).fill(0);
    values[position] = (values[position] ?? 0) + Number(row.n);
    byLabel.set(row.label, values);
  }
  return [...byLabel].map(([label, values]) => ({ label, values })).sort((a, b) => a.label.localeCompare(b.label));
}

function total(days: string[], rows: { day: string; n: number }[]): number[] {
  return spread(days, rows.map((row) => ({ ...row, label: "" })))[0]?.values ?? new Array<number>(days.length).fill(0);
}

function breakdown(rows: { key: string; signIns: number; registrations: number }[]): Breakdown[] {
  const merged = new Map<string, Breakdown>();
  for (const row of rows) {
    const item = merged.get(row.key) ?? { key: row.key, signIns: 0, registrations: 0 };
    item.signIns += Number(row.signIns);
    item.registrations += Number(row.registrations);
    merged.set(row.key, item);
  }
  return [...merged.values()].sort((a, b) => b.signIns + b.registrations - (a.signIns + a.registrations) || a.key.localeCompare(b.key));
}

export async function dashboard(input: { from?: unknown; to?: unknown; brand?: unknown; platform?: unknown }): Promise<Dashboard> {
  const range = dayRange(input.from, input.to);
  const brand = filterOf(input.brand, APP_CODE_PATTERN);
  const platform = filterOf(input.platform, PLATFORM_PATTERN);
  const start = range.from;
  const end = addSeconds(range.to, 86_400);
  const db = await getDb();
  const within = (column: AnyColumn) => and(gte(column, start), lt(column, end));

  // the first session of each new account: its brand and platform (sessions_user_idx)
  const first = db
    .select({ appCode: sessions.appCode, platform: sessions.platform })
    .from(sessions)
    .where(eq(sessions.userId, users.id))
    .orderBy(sessions.createdAt)
    .limit(1)
    .as("first_session");

  const [signIns, registrations, failures, codes, redemptions, events] = await Promise.all([
    db
      .select({ day: dayOf(sessions.createdAt), brand: sessions.appCode, platform: sessions.platform, n: count() })
      .from(sessions)
      .where(and(within(sessions.createdAt), brand ? eq(sessions.appCode, brand) : undefined, platform ? eq(sessions.platform, platform) : undefined))
      .groupBy(sql`1`, sessions.appCode, sessions.platform),
    db
      .select({ day: dayOf(users.createdAt), brand: first.appCode, platform: first.platform, n: count() })
      .from(users)
      .leftJoinLateral(first, sql`true`)
      .where(and(within(users.createdAt), brand ? eq(first.appCode, brand) : undefined, platform ? eq(first.platform, platform) : undefined))
      .groupBy(sql`1`, first.appCode, first.platform),
    db
      .select({ day: dayOf(signInFailures.createdAt), label: sql<string>`${signInFailures.reason}::text`, n: count() })
      .from(signInFailures)
      .where(within(signInFailures.createdAt))
      .groupBy(sql`1`, signInFailures.reason),
    db
      .select({ day: dayOf(verificationCodes.createdAt), label: verificationCodes.purpose, n: count() })
      .from(verificationCodes)
      .where(within(verificationCodes.createdAt))
      .groupBy(sql`1`, verificationCodes.purpose),
    db.select({ day: dayOf(exchangeCodes.redeemedAt), n: count() }).from(exchangeCodes).where(within(exchangeCodes.redeemedAt)).groupBy(sql`1`),
    db
      .select({ day: dayOf(analyticsEvents.eventTime), label: analyticsEvents.event, n: count() })
      .from(analyticsEvents)
      .where(and(within(analyticsEvents.eventTime), brand ? sql`${urlBrand} = ${brand}` : undefined))
      .groupBy(sql`1`, analyticsEvents.event),
  ]);

  const named = <T extends { brand: string | null; platform: string | null }>(row: T) => ({ ...row, brand: row.brand ?? "", platform: row.platform ?? "" });
  const signInRows = signIns.map(named);
  const registrationRows = registrations.map(named);
  return {
    from: range.days[0] ?? "",
    to: range.days[range.days.length - 1] ?? "",
    days: range.days,
    brand,
    platform,
    signIns: total(range.days, signInRows),
    registrations: total(range.days, registrationRows),
    redemptions: total(range.days, redemptions),
    failures: spread(range.days, failures),
    codesSent: spread(range.days, codes),
    events: spread(range.days, events),
    brands: breakdown([
      ...signInRows.map((row) => ({ key: row.brand, signIns: row.n, registrations: 0 })),
      ...registrationRows.map((row) => ({ key: row.brand, signIns: 0, registrations: row.n })),
    ]),
    platforms: breakdown([
      ...signInRows.map((row) => ({ key: row.platform, signIns: row.n, registrations: 0 })),
      ...registrationRows.map((row) => ({ key: row.platform, signIns: 0, registrations: row.n })),
    ]),
  };
}
