import { createRoute } from "@hono/zod-openapi";
import { auditRequestQuery, auditResponse, pageRefusalRequest, pageRefusalResponse } from "@/lib/contract/console/audit";
import { roleAllows } from "@/lib/contract/console/roles";
import { CONSOLE_SCREENS } from "@/lib/contract/console/routes";
import { audit, auditFilter, exportAudit, listAudit } from "../../services/console/audit";
import type { ServicesApp } from "../env";
import { NO_STORE, reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleCaller } from "./guard";
import { consoleRead } from "./action";
import { OPERATOR } from "./session-routes";

/**
 * The audit log: read and export only; there is no route that changes or removes an entry.
 * The one write is the page guard's refusal, checked against the registry here, so an operator
 * can only record that its own role was refused a screen it really may not open.
 */
const tags = ["console"];

export function consoleAuditRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/console/audit", tags, summary: "The audit log, newest first, filtered", security: OPERATOR, request: { query: auditRequestQuery }, responses: ok(auditResponse) }),
    async (c) => reply(c, await consoleRead(c, () => listAudit(auditFilter(c.req.valid("query"))))),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/refusals", tags, summary: "Record that the page guard refused a screen to the operator's role", security: OPERATOR, request: { body: json(pageRefusalRequest) }, responses: ok(pageRefusalResponse) }),
    async (c) => {
      const caller = consoleCaller(c);
      const { screen } = c.req.valid("json");
      const needs = CONSOLE_SCREENS.find((entry) => entry.key === screen)?.role ?? "admin";
      const role = caller.operator.role;
      if (roleAllows(role, needs)) return reply(c, { recorded: false });
      await audit(caller.actor, "console.refused", null, null, "refused", { page: screen, role, needs });
      return reply(c, { recorded: true });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/console/audit/export",
      tags,
      summary: "The filtered audit log as CSV",
      security: OPERATOR,
      request: { query: auditRequestQuery },
      responses: { 200: { content: { "text/csv": { schema: { type: "string" } } }, description: "CSV, newest first" } },
    }),
    async (c) => {
      const caller = consoleCaller(c);
      const query = await consoleRead(c, async () => auditFilter(c.req.valid("query")));
      const csv = await exportAudit(query);
      await audit(caller.actor, "audit.export", null, null, "ok", { filters: { operator: query.operator, action: query.action, target: query.target, from: query.from, to: query.to } });
      return c.body(csv, 200, { ...NO_STORE, "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="audit-log.csv"' });
    },
  );
}
