import { and, eq, isNull, ne } from "drizzle-orm";
import { now } from "../../clock";
import { getDb } from "../../db/client";
import { operators, operatorSessions } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import { generatePassword, hashPassword, verifyPassword } from "../passwords";
import { operatorById } from "./operators";
import { newTotp, sealSecret } from "./totp";

/**
 * Operators looking after operators (docs/operators.md): an admin gives another operator a new
 * password or a new authenticator (answered once, like a new operator's), which ends that
 * operator's sessions, so whoever held the old secret is out at once; an operator changes their
 * own password by proving the current one, which ends their other sessions. Never the admin's own
 * secrets by the reset (the route refuses it): the admin changes their own password instead.
 */
async function liveTarget(id: string) {
  const row = await operatorById(id);
  if (!row) throw new ServiceError(ErrorCode.notFound);
  return row;
}

async function endSessions(operatorId: string, keep: string | null): Promise<void> {
  const db = await getDb();
  const open = and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.endedAt));
  await db.update(operatorSessions).set({ endedAt: now() }).where(keep === null ? open : and(open, ne(operatorSessions.id, keep)));
}

export async function resetOperatorPassword(id: string): Promise<{ password: string; email: string }> {
  const row = await liveTarget(id);
  const password = generatePassword(20);
  const db = await getDb();
  await db.update(operators).set({ passwordHash: await hashPassword(password), updatedAt: now() }).where(eq(operators.id, id));
  await endSessions(id, null);
  return { password, email: row.email };
}

export async function resetOperatorAuthenticator(id: string): Promise<{ totpUri: string; totpSecret: string; email: string }> {
  const row = await liveTarget(id);
  const totp = newTotp(row.email);
  const db = await getDb();
  // the last step used belongs to the old secret
  await db.update(operators).set({ totpSecret: await sealSecret(totp.secret), totpLastStep: null, updatedAt: now() }).where(eq(operators.id, id));
  await endSessions(id, null);
  return { totpUri: totp.uri, totpSecret: totp.secret, email: row.email };
}

/** The signed-in operator's own password; the current one must be proved. Keeps this session, ends the others. */
export async function changeOwnPassword(operatorId: string, sessionId: string, current: string, next: string): Promise<void> {
  const row = await liveTarget(operatorId);
  if (!(await verifyPassword(row.passwordHash, current))) throw new ServiceError(ErrorCode.incorrectPassword);
  if (current === next) throw new ServiceError(ErrorCode.invalidParams);
  const db = await getDb();
  await db.update(operators).set({ passwordHash: await hashPassword(next), updatedAt: now() }).where(eq(operators.id, operatorId));
  await endSessions(operatorId, sessionId);
}
