import { and, asc, eq, sql } from "drizzle-orm";
import type { OperatorRole } from "@/lib/contract/console/roles";
import type { CreatedOperator, OperatorSummary } from "@/lib/contract/console/operators";
import { canonicalEmail } from "@/lib/contract/fields";
import { now } from "../../clock";
import { getDb } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { operators, operatorSessions } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import { generatePassword, hashPassword } from "../passwords";
import { newTotp, sealSecret } from "./totp";

/** Operator accounts: created with a generated password and an authenticator secret, shown once. */
export type OperatorRow = typeof operators.$inferSelect;

export class OperatorExistsError extends Error {
  constructor() {
    super("An operator with that email exists.");
    this.name = "OperatorExistsError";
  }
}

export function toSummary(row: OperatorRow): OperatorSummary {
  return { id: row.id, email: row.email, name: row.name, role: row.role, status: row.status, createdAt: row.createdAt.toISOString() };
}

export async function findOperatorByEmail(email: string): Promise<OperatorRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(operators).where(eq(sql`lower(${operators.email})`, canonicalEmail(email))).limit(1);
  return row ?? null;
}

export async function createOperator(input: { email: string; name: string; role: OperatorRole }): Promise<CreatedOperator> {
  const email = canonicalEmail(input.email);
  const password = generatePassword(20);
  const totp = newTotp(email);
  const at = now();
  const db = await getDb();
  try {
    const [row] = await db
      .insert(operators)
      .values({ email, name: input.name.trim(), role: input.role, passwordHash: await hashPassword(password), totpSecret: await sealSecret(totp.secret), createdAt: at, updatedAt: at })
      .returning();
    if (!row) throw new Error("operator not written");
    return { operator: toSummary(row), password, totpUri: totp.uri, totpSecret: totp.secret };
  } catch (error) {
    if (isUniqueViolation(error)) throw new OperatorExistsError();
    throw error;
  }
}

export async function listOperators(): Promise<OperatorSummary[]> {
  const db = await getDb();
  return (await db.select().from(operators).orderBy(asc(operators.createdAt))).map(toSummary);
}

export async function operatorById(id: string): Promise<OperatorRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row ?? null;
}

/** A new role or status; disabling ends the operator's sessions at once. */
export async function updateOperator(id: string, change: { role?: OperatorRole; status?: "active" | "disabled" }): Promise<{ before: OperatorSummary; after: OperatorSummary }> {
  const db = await getDb();
  const before = await operatorById(id);
  if (!before) throw new ServiceError(ErrorCode.notFound);
  const [after] = await db.update(operators).set({ ...change, updatedAt: now() }).where(eq(operators.id, id)).returning();
  if (!after) throw new ServiceError(ErrorCode.notFound);
  if (change.status === "disabled") {
    await db.update(operatorSessions).set({ endedAt: now() }).where(and(eq(operatorSessions.operatorId, id), sql`${operatorSessions.endedAt} is null`));
  }
  return { before: toSummary(before), after: toSummary(after) };
}
