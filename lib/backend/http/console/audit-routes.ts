import { createRoute } from "@hono/zod-openapi";
import { auditQuery, auditResponse } from "@/lib/contract/admin/audit";
import { audit, exportAudit, listAudit } from "../../services/console/audit";
import type { ServicesApp } from "../env";
import { NO_STORE, reply } from "../envelope";
import { ok } from "../openapi";
import { consoleCaller } from "./guard";
import { OPERATOR } from "./session-routes";

/** The audit log: read and export only; there is no route that changes or removes an entry. */
const tags = ["console"];

export function consoleAuditRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/admin/audit", tags, summary: "The audit log, newest first, filtered", security: OPERATOR, request: { query: auditQuery }, responses: ok(auditResponse) }),
    async (c) => {
      consoleCaller(c);
      return reply(c, await listAudit(c.req.valid("query")));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/admin/audit/export",
      tags,
      summary: "The filtered audit log as CSV",
      security: OPERATOR,
      request: { query: auditQuery },
      responses: { 200: { content: { "text/csv": { schema: { type: "string" } } }, description: "CSV, newest first" } },
    }),
    async (c) => {
      const caller = consoleCaller(c);
      const query = c.req.valid("query");
      const csv = await exportAudit(query);
      await audit(caller.actor, "audit.export", null, null, "ok", { filters: { operator: query.operator, action: query.action, target: query.target, from: query.from, to: query.to } });
      return c.body(csv, 200, { ...NO_STORE, "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="audit-log.csv"' });
    },
  );
}
