import { and, eq, isNull } from "drizzle-orm";
import { OPERATOR_ABSOLUTE_SECONDS, OPERATOR_IDLE_SECONDS } from "@/lib/contract/console/roles";
import type { OperatorInfo } from "@/lib/contract/console/session";
import { addSeconds, now } from "../../clock";
import { randomToken, sha256Hex } from "../../crypto";
import { getDb } from "../../db/client";
import { operators, operatorSessions } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import type { OperatorRow } from "./operators";

/**
 * Operator sessions: a random token in the operator's own cookie, only its sha256 stored. A
 * session ends after 30 minutes without use, 12 hours after sign-in whatever happens, at sign-out,
 * and when its operator is disabled. Consumer sessions live in another table: a consumer token
 * is never found here, and an operator token never in `sessions`.
 */
const TOUCH_EVERY_SECONDS = 30;

export type OperatorSession = { sessionId: string; operator: OperatorInfo };

export async function openOperatorSession(operator: OperatorRow, client: { ip: string | null; userAgent: string | null }): Promise<string> {
  const token = randomToken(32);
  const at = now();
  const db = await getDb();
  await db.insert(operatorSessions).values({ operatorId: operator.id, tokenHash: sha256Hex(token), createdAt: at, lastSeenAt: at, ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null });
  return token;
}

/** The session of a token, or 20101 (401) for none, an unknown, ended or expired one, or a disabled operator. */
export async function operatorSession(token: string | null): Promise<OperatorSession> {
  if (!token) throw new ServiceError(ErrorCode.loginExpired);
  const db = await getDb();
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, sha256Hex(token)), isNull(operatorSessions.endedAt)))
    .limit(1);
  const at = now();
  if (
    !row ||
    row.operator.status !== "active" ||
    addSeconds(row.session.lastSeenAt, OPERATOR_IDLE_SECONDS) <= at ||
    addSeconds(row.session.createdAt, OPERATOR_ABSOLUTE_SECONDS) <= at
  ) {
    throw new ServiceError(ErrorCode.loginExpired);
  }
  if (addSeconds(row.session.lastSeenAt, TOUCH_EVERY_SECONDS) <= at) {
    await db.update(operatorSessions).set({ lastSeenAt: at }).where(eq(operatorSessions.id, row.session.id));
  }
  const { id, email, name, role } = row.operator;
  return { sessionId: row.session.id, operator: { id, email, name, role } };
}

export async function endOperatorSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.update(operatorSessions).set({ endedAt: now() }).where(eq(operatorSessions.id, sessionId));
}
