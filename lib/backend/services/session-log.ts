import { and, count, desc, eq } from "drizzle-orm";
import { platformSchema, type LoginSessionItem } from "@/lib/contract/user";
import { describeUserAgent, platformFromUserAgent } from "../agent/user-agent";
import { now } from "../clock";
import { getDb } from "../db/client";
import { oidcClients, sessions } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { locateIp } from "../geo/locate-ip";
import type { Lang } from "../lang";
import { endAppSessionsOf } from "../oidc/revoke";
import { liveAt, type SessionRow } from "./sessions";
import { bySelf, recordAccountEvent } from "./account-events";
import { endUserSessions } from "./sign-out";

/**
 * The login log of account security: the user's live sessions (not ended, not idle past their
 * lifetime), and ending them. A user only ever sees and ends their own.
 */
export type SessionLog = { list: LoginSessionItem[]; total: number; page: number; pageSize: number };

/** The platform the caller named (x-app-platform / system) when it is one of SPEC §3's, else from the browser. */
function platformOf(session: SessionRow): LoginSessionItem["platform"] {
  const named = platformSchema.safeParse(session.platform);
  return named.success ? named.data : platformFromUserAgent(session.userAgent);
}

function toItem(session: SessionRow, app: string | null, currentId: string, lang: Lang): LoginSessionItem {
  return {
    id: session.id,
    ip: session.ip,
    location: locateIp(session.ip, lang),
    firstLogin: session.createdAt.toISOString(),
    lastLogin: session.lastSeenAt.toISOString(),
    application: session.appCode,
    provider: session.socialChannel,
    app,
    platform: platformOf(session),
    os: describeUserAgent(session.userAgent),
    current: session.id === currentId,
  };
}

/** GET /v1/user/session/log: one page of live sessions, most recently used first. */
export async function listSessions(
  current: SessionRow,
  query: { page: number; pageSize: number },
  lang: Lang,
): Promise<SessionLog> {
  const db = await getDb();
  const mine = and(eq(sessions.userId, current.userId), liveAt(now()));
  const [total] = await db.select({ n: count() }).from(sessions).where(mine);
  // the app a sign-in was made for, by the name it is registered under
  const rows = await db
    .select({ session: sessions, app: oidcClients.name })
    .from(sessions)
    .leftJoin(oidcClients, eq(oidcClients.clientId, sessions.oidcClientId))
    .where(mine)
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), desc(sessions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    list: rows.map((row) => toItem(row.session, row.app, current.id, lang)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * POST /v1/user/session/clear. Without an id: every live session of the user but the current
 * one. With one: that session, if it is the user's (the current one too, like a logout);
 * another user's or an unknown id → 20102 and nothing changes. `ended` counts the sessions ended.
 */
export async function clearSessions(current: SessionRow, sessionId: string | undefined): Promise<{ ended: number }> {
  if (sessionId === undefined) {
    // reaches the apps too: their refresh tokens die with the sessions (docs/oidc.md)
    const ended = await endUserSessions(current.userId, current.id);
    if (ended > 0) await recordAccountEvent(current.userId, "sessions_ended", bySelf(current));
    return { ended };
  }
  const db = await getDb();
  const [target] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, current.userId)))
    .limit(1);
  if (!target) throw new ServiceError(ErrorCode.insufficientAuthority);
  const ended = await db
    .update(sessions)
    .set({ endedAt: now() })
    .where(and(eq(sessions.id, target.id), eq(sessions.userId, current.userId), liveAt(now())))
    .returning({ createdAt: sessions.createdAt });
  // as a sign-out there: the apps signed in from that session are told (back-channel logout)
  for (const row of ended) await endAppSessionsOf(current.userId, row.createdAt);
  // ending the current session is signing out, not a security event
  if (ended.length > 0 && target.id !== current.id) await recordAccountEvent(current.userId, "sessions_ended", bySelf(current));
  return { ended: ended.length };
}
