import { createRoute, z } from "@hono/zod-openapi";
import { createOperatorRequest, createOperatorResponse, operatorListResponse, operatorSummary, updateOperatorRequest } from "@/lib/contract/console/operators";
import { ErrorCode, ServiceError } from "../../errors";
import { audited, type Refusal } from "../../services/console/audited";
import { createOperator, listOperators, OperatorExistsError, updateOperator } from "../../services/console/operators";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleCaller } from "./guard";
import { OPERATOR } from "./session-routes";

/** Operators (admin only): list, create (password and authenticator secret answered once), change. */
const tags = ["console"];
const idParam = z.object({ id: z.uuid() });

export function consoleOperatorRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/console/operators", tags, summary: "Every operator", security: OPERATOR, responses: ok(operatorListResponse) }),
    async (c) => {
      consoleCaller(c);
      return reply(c, { list: await listOperators() });
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/operators", tags, summary: "Create an operator", security: OPERATOR, request: { body: json(createOperatorRequest) }, responses: ok(createOperatorResponse) }),
    async (c) => {
      const caller = consoleCaller(c);
      const input = c.req.valid("json");
      const exists: Refusal = (error) => (error instanceof OperatorExistsError ? { why: "exists" } : null);
      try {
        const created = await audited(
          caller.actor,
          { action: "operator.create", target: null, reason: input.reason, attempted: { email: input.email, role: input.role } },
          async () => {
            const made = await createOperator(input);
            return { result: made, target: { type: "operator", id: made.operator.id }, detail: { email: made.operator.email } };
          },
          exists,
        );
        return reply(c, created);
      } catch (error) {
        if (error instanceof OperatorExistsError) throw new ServiceError(ErrorCode.accountExists);
        throw error;
      }
    },
  );

  app.openapi(
    createRoute({ method: "patch", path: "/v1/console/operators/{id}", tags, summary: "Change an operator's role or status", security: OPERATOR, request: { params: idParam, body: json(updateOperatorRequest) }, responses: ok(z.object({ operator: operatorSummary })) }),
    async (c) => {
      const caller = consoleCaller(c);
      const { id } = c.req.valid("param");
      const { reason, ...change } = c.req.valid("json");
      // an admin cannot lock the console out by demoting or disabling itself
      if (id === caller.operator.id) throw new ServiceError(ErrorCode.insufficientAuthority);
      const after = await audited(caller.actor, { action: "operator.update", target: { type: "operator", id }, reason }, async () => {
        const changed = await updateOperator(id, change);
        return { result: changed.after, detail: { from: { role: changed.before.role, status: changed.before.status }, to: { role: changed.after.role, status: changed.after.status } } };
      });
      return reply(c, { operator: after });
    },
  );
}
