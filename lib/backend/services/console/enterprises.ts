import { and, asc, count, desc, eq, isNotNull, max, sql } from "drizzle-orm";
import type { EnterpriseSummary, EnterpriseUser } from "@/lib/contract/console/screens";
import { now } from "../../clock";
import { getDb } from "../../db/client";
import { enterprises, sessions, users } from "../../db/schema";
import { generatePassword, hashPassword } from "../passwords";
import { endUserSessions } from "../sign-out";
import { idOf, ConsoleError, PAGE_SIZE, searchPattern, type Page } from "./input";

/**
 * The console's enterprises: list and search, reset a user's password to a new default one,
 * list its users. Creating one is services/enterprises.ts, shared with the CLI.
 */

export async function listEnterprises(input: { q: unknown; page: number }): Promise<Page<EnterpriseSummary>> {
  const pattern = searchPattern(input.q);
  const db = await getDb();
  // the account ID by prefix, the name anywhere; escaped, so % and _ match themselves
  const where = pattern === null ? undefined : sql`(lower(${enterprises.account}) like ${`${pattern}%`} or lower(${enterprises.name}) like ${`%${pattern}%`})`;
  const [total] = await db.select({ n: count() }).from(enterprises).where(where);
  const rows = await db
    .select({ id: enterprises.id, account: enterprises.account, name: enterprises.name, createdAt: enterprises.createdAt, users: sql<number>`(select count(*) from "users" u where u."enterprise_id" = "enterprises"."id")` })
    .from(enterprises)
    .where(where)
    .orderBy(desc(enterprises.createdAt), asc(enterprises.account))
    .limit(PAGE_SIZE)
    .offset((input.page - 1) * PAGE_SIZE);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), users: Number(row.users) })),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: PAGE_SIZE,
  };
}

async function enterpriseRow(id: unknown) {
  const db = await getDb();
  const [row] = await db.select().from(enterprises).where(eq(enterprises.id, idOf(id))).limit(1);
  if (!row) throw new ConsoleError("notFound", 404);
  return row;
}

export async function enterpriseUsers(id: unknown): Promise<{ enterprise: EnterpriseSummary; users: EnterpriseUser[] }> {
  const enterprise = await enterpriseRow(id);
  const db = await getDb();
  // an enterprise has a handful of users; 200 is a bound, not a page
  const rows = await db
    .select({ id: users.id, email: users.email, status: users.status, defaultPassword: users.defaultPassword, createdAt: users.createdAt, lastSignIn: max(sessions.createdAt) })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.enterpriseId, enterprise.id))
    .groupBy(users.id)
    .orderBy(asc(users.createdAt))
    .limit(200);
  return {
    enterprise: { id: enterprise.id, account: enterprise.account, name: enterprise.name, createdAt: enterprise.createdAt.toISOString(), users: rows.length },
    users: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastSignIn: row.lastSignIn ? new Date(row.lastSignIn).toISOString() : null,
    })),
  };
}

/**
 * A new default password for one user of the enterprise: the old one stops working, every
 * session of that user ends, and the next sign-in asks for a password of their own.
 */
export async function resetEnterprisePassword(input: { enterpriseId: unknown; userId: unknown }): Promise<{ email: string; password: string }> {
  const enterprise = await enterpriseRow(input.enterpriseId);
  const userId = idOf(input.userId, "userId");
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.enterpriseId), eq(users.enterpriseId, enterprise.id)))
    .limit(1);
  if (!user) throw new ConsoleError("notFound", 404, "userId");
  const password = generatePassword();
  await db.update(users).set({ passwordHash: await hashPassword(password), defaultPassword: true, passwordSet: true, updatedAt: now() }).where(eq(users.id, user.id));
  await endUserSessions(user.id);
  return { email: user.email, password };
}
