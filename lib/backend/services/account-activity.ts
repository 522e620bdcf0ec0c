import { and, count, desc, eq, gte, max, sql } from "drizzle-orm";
import type { ActivityItem, ActivityPage } from "@/lib/contract/activity";
import { describeUserAgent } from "../agent/user-agent";
import { addSeconds, now } from "../clock";
import { getDb } from "../db/client";
import { accountEvents, oidcClients, sessions, signInFailures } from "../db/schema";
import { locateIp } from "../geo/locate-ip";
import type { Lang } from "../lang";
import { KEEP } from "../maintenance/pruners";
import type { UserRow } from "./users";

/**
 * GET /v1/user/security/activity: the account's security activity, newest first, one page. Three
 * sources merged, none copied into another: the login log (sessions: every sign-in), the refused
 * sign-ins naming the account's email (grouped per UTC day and address; kept 30 days) and the
 * account's events (account_events). Each source gives at most the rows up to the end of the page
 * asked for, so a page costs three index scans bounded by page × size (a year of one account).
 */
type Dated = { item: ActivityItem; time: Date };

/** The UTC day a refused sign-in falls on: refused sign-ins are grouped by it and their address. */
export const failureDay = sql<string>`to_char(${signInFailures.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The refused sign-ins of an account's email that the page shows: the last 30 days. */
export const shownFailures = (email: string) => and(eq(signInFailures.email, email), gte(signInFailures.createdAt, addSeconds(now(), -KEEP.failures)));

function item(partial: Partial<ActivityItem> & Pick<ActivityItem, "id" | "kind">, time: Date, ip: string | null, userAgent: string | null, lang: Lang): Dated {
  const whole: ActivityItem = {
    actor: "self",
    application: null,
    app: null,
    provider: null,
    count: 1,
    disowned: false,
    disownable: true,
    ...partial,
    at: time.toISOString(),
    location: locateIp(ip, lang),
    device: describeUserAgent(userAgent),
  };
  return { item: whole, time };
}

export async function listActivity(user: Pick<UserRow, "id" | "email">, query: { page: number; pageSize: number }, lang: Lang): Promise<ActivityPage> {
  const db = await getDb();
  const upTo = query.page * query.pageSize + 1;
  const since = addSeconds(now(), -KEEP.accountEvents);
  const day = failureDay;
  const [signIns, failures, events] = await Promise.all([
    db
      .select({ session: sessions, app: oidcClients.name })
      .from(sessions)
      .leftJoin(oidcClients, eq(oidcClients.clientId, sessions.oidcClientId))
      .where(and(eq(sessions.userId, user.id), gte(sessions.createdAt, since)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(upTo),
    db
      .select({ day, ip: signInFailures.ip, n: count(), last: max(signInFailures.createdAt), disowned: max(signInFailures.disownedAt) })
      .from(signInFailures)
      .where(shownFailures(user.email))
      .groupBy(day, signInFailures.ip)
      .orderBy(desc(max(signInFailures.createdAt)))
      .limit(upTo),
    db
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, user.id), gte(accountEvents.createdAt, since)))
      .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
      .limit(upTo),
  ]);
  const all: Dated[] = [
    ...signIns.map(({ session, app }) =>
      item({ id: `s-${session.id}`, kind: "sign_in", application: session.appCode, app, provider: session.socialChannel, disowned: session.disownedAt !== null }, session.createdAt, session.ip, session.userAgent, lang),
    ),
    ...failures.map((group) => {
      const last = group.last ?? now();
      return item({ id: `f-${group.day}-${group.ip ?? "none"}`, kind: "sign_in_failed", count: group.n, disowned: group.disowned !== null }, last, group.ip, null, lang);
    }),
    ...events.map((event) =>
      item(
        {
          id: event.id,
          kind: event.kind,
          actor: event.actor,
          application: event.appCode,
          provider: event.provider,
          disowned: event.disownedAt !== null,
          disownable: event.kind !== "account_secured",
        },
        event.createdAt,
        event.ip,
        event.userAgent,
        lang,
      ),
    ),
  ];
  // newest first; equal instants in a fixed order so that pages never swap rows
  all.sort((a, b) => b.time.getTime() - a.time.getTime() || a.item.id.localeCompare(b.item.id));
  const start = (query.page - 1) * query.pageSize;
  const list = all.slice(start, start + query.pageSize).map((dated) => dated.item);
  return { list, page: query.page, pageSize: query.pageSize, hasMore: all.length > start + query.pageSize };
}
