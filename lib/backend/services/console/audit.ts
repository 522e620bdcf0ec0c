import { and, desc, eq, gte, lt, or, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditOutcome, AuditQuery, AuditRequestQuery } from "@/lib/contract/console/audit";
import { addSeconds, now } from "../../clock";
import { getConfig } from "../../config";
import { getDb } from "../../db/client";
import { auditLog } from "../../db/schema";
import { registerPruner } from "../../maintenance/registry";
import { dayOf } from "./input";
import { withTargetNames } from "./audit-targets";

/**
 * The audit log: every operator action, from the console and the command line, who did it,
 * from where, on what, why and how it ended. Append-only: this module inserts and reads; the
 * one delete is the retention pruner below (AUDIT_RETENTION_DAYS, default 365 days).
 */
export type Actor = { operatorId: string | null; actor: string; ip: string | null };

/**
 * The command line, whether it runs on the database itself (no address: nobody called over the
 * network) or through the running portal (the loopback address it came from).
 */
export function cliActor(ip: string | null): Actor {
  return { operatorId: null, actor: "cli", ip };
}

export type AuditTarget = { type: string; id: string } | null;

/** Keys whose values are never written, whatever a caller hands in by mistake. */
const SECRET_KEYS = /pass|secret|token|code|totp|otp|hash|recovery/i;
/** A refusal's numeric error code (audited.ts): a number, never a one-time code, so it is kept. */
const ERROR_CODE = "errorCode";

function withoutSecrets(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(detail).filter(([key, value]) => (key === ERROR_CODE ? typeof value === "number" : !SECRET_KEYS.test(key))));
}

/**
 * Writes one row. An event (a sign-in, a refusal by the guard, an export) is recorded here
 * directly; an action that changes something goes through `audited` (audited.ts), which calls
 * this inside the action's transaction.
 */
export async function audit(
  who: Actor,
  action: string,
  target: AuditTarget,
  reason: string | null,
  outcome: AuditOutcome,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const db = await getDb();
  await db.insert(auditLog).values({
    at: now(),
    operatorId: who.operatorId,
    actor: who.actor.slice(0, 254),
    ip: who.ip,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id.slice(0, 128) ?? null,
    reason: reason?.slice(0, 500) ?? null,
    outcome,
    detail: withoutSecrets(detail),
  });
}

/** The filter with its days checked as the analytics dashboard's are (dayOf: 2026-02-30 → badDate). */
export function auditFilter(query: AuditRequestQuery): AuditQuery {
  if (query.from !== undefined) dayOf(query.from, "from");
  if (query.to !== undefined) dayOf(query.to, "to");
  return query;
}

function startOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function filters(query: AuditQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.operator) where.push(eq(auditLog.actor, query.operator.toLowerCase()));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.target) where.push(or(eq(auditLog.targetId, query.target), eq(auditLog.targetType, query.target)));
  if (query.from) where.push(gte(auditLog.at, startOf(query.from)));
  // `to` is the last day shown, whole
  if (query.to) where.push(lt(auditLog.at, addSeconds(startOf(query.to), 86_400)));
  return and(...where);
}

function toEntry(row: typeof auditLog.$inferSelect): Omit<AuditEntry, "targetName" | "targetLinked"> {
  return { ...row, at: row.at.toISOString() };
}

/** One page, newest first; `hasMore` instead of a count, so a page never counts the whole log. */
export async function listAudit(query: AuditQuery): Promise<{ list: AuditEntry[]; page: number; pageSize: number; hasMore: boolean }> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(auditLog)
    .where(filters(query))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  return { list: await withTargetNames(rows.slice(0, query.pageSize).map(toEntry)), page: query.page, pageSize: query.pageSize, hasMore: rows.length > query.pageSize };
}

export const EXPORT_MAX_ROWS = 50_000;

/** The filtered log as CSV (newest first, at most EXPORT_MAX_ROWS rows). */
export async function exportAudit(query: AuditQuery): Promise<string> {
  const db = await getDb();
  const rows = await db.select().from(auditLog).where(filters(query)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(EXPORT_MAX_ROWS);
  const header = ["at", "actor", "operator_id", "ip", "action", "target_type", "target_id", "reason", "outcome", "detail"];
  const lines = rows.map((row) =>
    [row.at.toISOString(), row.actor, row.operatorId, row.ip, row.action, row.targetType, row.targetId, row.reason, row.outcome, JSON.stringify(row.detail)].map(csvCell).join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}

/** RFC 4180 quoting, and a leading = + - @ defused so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: string | null): string {
  if (value === null) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

registerPruner({
  name: "audit_log",
  prune: async (db, at) =>
    (await db.delete(auditLog).where(lt(auditLog.at, addSeconds(at, -getConfig().auditRetentionDays * 86_400))).returning({ id: auditLog.id })).length,
});
