import { z } from "zod";
import { isCalendarDay } from "./screens";
import { CONSOLE_SCREENS, type ConsoleScreenKey } from "./routes";

/**
 * The actions the console and the services write (the audit filter offers these); the command
 * line's are `cli:<command>`, offered for the commands that change something.
 */
export const AUDIT_ACTIONS = [
  "user.ban",
  "user.restrict",
  "user.unban",
  "user.end-sessions",
  "user.reset-two-step",
  "user.disconnect-social",
  "user.password-reset-mail",
  "user.delete",
  "operator.sign-in",
  "operator.sign-out",
  "operator.lockout",
  "operator.create",
  "operator.update",
  "console.refused",
  "audit.export",
  "users.export",
  "users.import",
  "users.bulk",
  "users.bulk-cancel",
  "enterprise.create",
  "enterprise.password-reset",
  "codes.create-batch",
  "codes.download",
  "codes.revoke",
  "message.send",
  "announcement.publish",
  "announcement.unpublish",
  "ban.add",
  "ban.remove",
  "client.create",
  "client.rotate-secret",
  "client.disable",
  "client.scopes",
] as const;

/** The command line's commands that change something: each needs --reason (admin/cli-audit.ts). */
export const CLI_WRITE_COMMANDS = [
  "enterprise:create",
  "user:restrict",
  "user:ban",
  "user:unban",
  "ip:ban",
  "ip:unban",
  "prune",
  "user:reset-two-step",
  "exchange:create",
  "exchange:revoke",
  "safety:devices",
  "message:send",
  "announcement:publish",
  "announcement:withdraw",
  "operator:create",
  "client:create",
  "client:rotate-secret",
  "client:disable",
  "client:scopes",
  "keys:rotate",
  "users:import",
  "users:bulk",
] as const;

/** Every action the audit filter offers, in its order. */
export const AUDIT_FILTER_ACTIONS: readonly string[] = [...AUDIT_ACTIONS, ...CLI_WRITE_COMMANDS.map((command) => `cli:${command}`)];

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
  /** the target as an operator reads it: a user's or operator's email, an enterprise's name */
  targetName: z.string().nullable(),
  /** the target still exists: the console links to its page */
  targetLinked: z.boolean(),
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
