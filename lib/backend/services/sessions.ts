import { and, eq, gt, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb, preparedOnce, type Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import type { Lang } from "../lang";
import type { UserRow } from "./users";

/** Who is calling, as the headers say; a session records the address and the app. */
export type ClientInfo = {
  /** the language of server-written text (emails) */
  lang: Lang;
  /** the language the caller stated (the `lang` header), or null when it sent none: only this moves the account's language */
  statedLang?: Lang | null;
  /** the browser's stable random id (x-device-id), for device security; never logged or stored as it is */
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  appCode: string | null;
  platform: string | null;
  appVersion: string | null;
};

export type SessionRow = typeof sessions.$inferSelect;

/** A session ends after this long without use (remember me: a year, as the cookie). */
export const IDLE_DAYS = { remember: 365, default: 30 } as const;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_SECONDS = 60;

/**
 * The session's insert, with its values as placeholders (sessionValues): prepared alone here,
 * and inside the one statement of a sign-in from a known browser (session-open.ts).
 */
export function sessionInsert(db: Db) {
  return db
    .insert(sessions)
    .values({
      userId: sql.placeholder("userId"),
      tokenHash: sql.placeholder("tokenHash"),
      createdAt: sql.placeholder("at"),
      lastSeenAt: sql.placeholder("at"),
      remember: sql.placeholder("remember"),
      ip: sql.placeholder("ip"),
      userAgent: sql.placeholder("userAgent"),
      appCode: sql.placeholder("appCode"),
      platform: sql.placeholder("platform"),
      appVersion: sql.placeholder("appVersion"),
      socialChannel: sql.placeholder("socialChannel"),
      signInFactors: sql.placeholder("signInFactors"),
      // as text: the column's own mapping turns a placeholder's value into a date string and fails on null
      proofAt: sql`${sql.placeholder("proofAt")}::timestamptz`,
      proofMethod: sql.placeholder("proofMethod"),
    })
    .returning();
}

/** A sign-in without a device writes the session alone: built once (db/client.ts, preparedOnce). */
const insertSession = preparedOnce((db) => sessionInsert(db).prepare("create_session"));

/**
 * What a sign-in hands the new session: the provider of a social sign-in (the login log), the
 * factors it proved, and the step-up proof a multi-factor sign-in stands for (step-up.ts).
 * A registration opens its session with none of them.
 */
export type SessionOrigin = {
  socialChannel?: string | null;
  factors?: readonly string[];
  proof?: { at: Date; method: string } | null;
};

/** A new session's token (the caller's, never stored) and the placeholders' values of sessionInsert. */
export function sessionValues(userId: string, client: ClientInfo, remember: boolean, origin: SessionOrigin, at: Date) {
  const token = randomToken(32);
  return {
    token,
    values: {
      userId,
      tokenHash: sha256Hex(token),
      at,
      remember,
      ip: client.ip,
      userAgent: client.userAgent,
      appCode: client.appCode,
      platform: client.platform,
      appVersion: client.appVersion,
      socialChannel: origin.socialChannel ?? null,
      signInFactors: [...(origin.factors ?? [])],
      proofAt: origin.proof?.at.toISOString() ?? null,
      proofMethod: origin.proof?.method ?? null,
    },
  };
}

export async function createSession(
  userId: string,
  client: ClientInfo,
  remember: boolean,
  origin: SessionOrigin = {},
): Promise<{ token: string; session: SessionRow }> {
  const db = await getDb();
  const { token, values } = sessionValues(userId, client, remember, origin, now());
  const [session] = await insertSession(db).execute(values);
  if (!session) throw new Error("insert returned no row");
  return { token, session };
}

/** The SQL form of isLive: not ended, and used within its idle time. */
export function liveAt(at: Date): SQL {
  const condition = and(
    isNull(sessions.endedAt),
    or(
      and(eq(sessions.remember, true), gt(sessions.lastSeenAt, addSeconds(at, -IDLE_DAYS.remember * 86_400))),
      and(eq(sessions.remember, false), gt(sessions.lastSeenAt, addSeconds(at, -IDLE_DAYS.default * 86_400))),
    ),
  );
  if (!condition) throw new Error("empty condition");
  return condition;
}

function isLive(session: SessionRow, at: Date): boolean {
  if (session.endedAt) return false;
  const idleDays = session.remember ? IDLE_DAYS.remember : IDLE_DAYS.default;
  return addSeconds(session.lastSeenAt, idleDays * 86_400) > at;
}

/** Every signed-in call reads its session and user: built once (db/client.ts, preparedOnce). */
const sessionByToken = preparedOnce((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("session_by_token"),
);

/** The live session and user of a utoken; none, unknown, ended, idle too long or banned → 20101. */
export async function authenticate(token: string | null): Promise<{ session: SessionRow; user: UserRow }> {
  if (!token || token.length > 256) throw new ServiceError(ErrorCode.loginExpired);
  const db = await getDb();
  const [row] = await sessionByToken(db).execute({ tokenHash: sha256Hex(token) });
  const at = now();
  if (!row || !isLive(row.session, at) || row.user.status === "banned") throw new ServiceError(ErrorCode.loginExpired);
  if (addSeconds(row.session.lastSeenAt, TOUCH_EVERY_SECONDS) <= at) {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, row.session.id));
  }
  return row;
}

/** One session row ends (sign-out.ts's signOut also ends the apps' sessions made from it). */
export async function endSession(sessionId: string): Promise<{ userId: string; createdAt: Date } | null> {
  const db = await getDb();
  const [ended] = await db.update(sessions).set({ endedAt: now() }).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId, createdAt: sessions.createdAt });
  return ended ?? null;
}

/**
 * End every live session row of a user, or every one but `exceptSessionId`; how many ended. The
 * portal's rows only: services call sign-out.ts's endUserSessions, which ends the apps' too.
 */
export async function endUserSessionRows(userId: string, exceptSessionId?: string): Promise<number> {
  const db = await getDb();
  const at = now();
  const conditions = [eq(sessions.userId, userId), liveAt(at)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  const ended = await db
    .update(sessions)
    .set({ endedAt: at })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}
