import { and, eq, inArray } from "drizzle-orm";
import type { AuditEntry } from "@/lib/contract/console/audit";
import { getDb } from "../../db/client";
import { auditLog, enterprises, operators, users } from "../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Omit<AuditEntry, "targetName" | "targetLinked">;

function idsOf(rows: readonly Row[], type: string): string[] {
  return [...new Set(rows.filter((row) => row.targetType === type && row.targetId && UUID.test(row.targetId)).map((row) => row.targetId ?? ""))];
}

/**
 * The audit page's targets as an operator reads them: a user's email, an enterprise's name, an
 * operator's email, three lookups per page by primary key. An account deleted since is named by
 * the email its deletion row kept (detail.email), without a link; any other target by its id.
 */
export async function withTargetNames(rows: readonly Row[]): Promise<AuditEntry[]> {
  const db = await getDb();
  const [userIds, enterpriseIds, operatorIds] = [idsOf(rows, "user"), idsOf(rows, "enterprise"), idsOf(rows, "operator")];
  const [userRows, enterpriseRows, operatorRows] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.email }).from(users).where(inArray(users.id, userIds)) : [],
    enterpriseIds.length ? db.select({ id: enterprises.id, name: enterprises.name }).from(enterprises).where(inArray(enterprises.id, enterpriseIds)) : [],
    operatorIds.length ? db.select({ id: operators.id, name: operators.email }).from(operators).where(inArray(operators.id, operatorIds)) : [],
  ]);
  const names = new Map<string, string>();
  for (const [type, found] of [["user", userRows], ["enterprise", enterpriseRows], ["operator", operatorRows]] as const) {
    for (const row of found) names.set(`${type}:${row.id}`, row.name);
  }
  const gone = await deletedEmails(userIds.filter((id) => !names.has(`user:${id}`)));
  return rows.map((row) => {
    const key = `${row.targetType}:${row.targetId}`;
    const known = names.get(key);
    const deleted = row.targetType === "user" && row.targetId ? gone.get(row.targetId) : undefined;
    // only a target that still exists has a page to link to
    return { ...row, targetName: known ?? deleted ?? null, targetLinked: known !== undefined };
  });
}

/** The emails of deleted accounts, as their deletion rows kept them (audit_log_target_idx). */
async function deletedEmails(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: auditLog.targetId, detail: auditLog.detail })
    .from(auditLog)
    .where(and(inArray(auditLog.targetId, ids), eq(auditLog.action, "user.delete"), eq(auditLog.outcome, "ok")));
  const found = new Map<string, string>();
  for (const row of rows) if (row.id && typeof row.detail.email === "string") found.set(row.id, row.detail.email);
  return found;
}
