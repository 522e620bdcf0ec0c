import { z } from "zod";
import { isCalendarDay } from "./screens";
import { CONSOLE_SCREENS, type ConsoleScreenKey } from "./routes";

export const AUDIT_OUTCOMES = ["ok", "refused", "failed"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

const day = z.string().refine(isCalendarDay);

// The audit log's filter as the console checks it — newest first
export const auditQuery = z.object({
  operator: z.string().trim().max(254).optional(),
  action: z.string().trim().max(64).optional(),
  target: z.string().trim().max(128).optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

// GET /v1/console/audit and /v1/console/audit/export: the services take `from` and `to` as text and
// check them as the analytics dashboard's (10001 with `{error: "badDate", field}`)
export const auditRequestQuery = auditQuery.extend({ from: z.string().max(32).optional(), to: z.string().max(32).optional() });
export type AuditRequestQuery = z.infer<typeof auditRequestQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  operatorId: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({ list: z.array(auditEntry), page: z.number(), pageSize: z.number(), hasMore: z.boolean() });
export type AuditResponse = z.infer<typeof auditResponse>;

/**
 * POST /v1/console/refusals — the portal's page guard refused a screen to this operator's role:
 * written to the audit log as refused, as the API's guard does for a route. `recorded`: false
 * when the role may open that screen after all (nothing was refused, nothing is written).
 */
export const pageRefusalRequest = z.object({ screen: z.enum(CONSOLE_SCREENS.map((screen) => screen.key) as [ConsoleScreenKey, ...ConsoleScreenKey[]]) });
export const pageRefusalResponse = z.object({ recorded: z.boolean() });
