import { createRoute, z } from "@hono/zod-openapi";
import {
  createEnterpriseRequest,
  createEnterpriseResponse,
  enterpriseListQuery,
  enterpriseListResponse,
  enterpriseUsersResponse,
  passwordResetResponse,
  reasonRequest,
} from "@/lib/contract/console/screens-api";
import { enterpriseUsers, listEnterprises, resetEnterprisePassword } from "../../services/console/enterprises";
import { createEnterprise } from "../../services/enterprises";
import { pageNumber } from "../../services/console/input";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleChange, consoleRead } from "./action";
import { OPERATOR } from "./session-routes";

/** Enterprises: read by every operator, created and reset by admins (docs/operators.md). */
const tags = ["console"];
const idParam = z.object({ id: z.string() });
const userParam = z.object({ id: z.string(), userId: z.string() });

export function consoleEnterpriseRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/console/enterprises", tags, summary: "Enterprises, searched by account ID (prefix) or name", security: OPERATOR, request: { query: enterpriseListQuery }, responses: ok(enterpriseListResponse) }),
    async (c) => {
      const query = c.req.valid("query");
      return reply(c, await consoleRead(c, async () => listEnterprises({ q: query.q, page: pageNumber(query.page) })));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/enterprises", tags, summary: "Create an enterprise; its default password is answered once", security: OPERATOR, request: { body: json(createEnterpriseRequest) }, responses: ok(createEnterpriseResponse) }),
    async (c) => {
      const input = c.req.valid("json");
      const created = await consoleChange(
        c,
        { action: "enterprise.create", reason: input.reason, target: (result) => ({ type: "enterprise", id: result.id }), detail: (result) => ({ account: result.account, email: result.email }), attempted: { account: input.account?.slice(0, 64) } },
        () => createEnterprise(input),
      );
      return reply(c, created);
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/console/enterprises/{id}", tags, summary: "An enterprise and its users", security: OPERATOR, request: { params: idParam }, responses: ok(enterpriseUsersResponse) }),
    async (c) => reply(c, await consoleRead(c, () => enterpriseUsers(c.req.valid("param").id))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/console/enterprises/{id}/users/{userId}/password-reset",
      tags,
      summary: "A new default password for a user of the enterprise (answered once; their sessions end)",
      security: OPERATOR,
      request: { params: userParam, body: json(reasonRequest) },
      responses: ok(passwordResetResponse),
    }),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      const reset = await consoleChange(
        c,
        { action: "enterprise.password-reset", reason: c.req.valid("json").reason, target: () => ({ type: "user", id: userId }), detail: (result) => ({ enterprise: id, email: result.email }), attempted: { enterprise: id.slice(0, 64) } },
        () => resetEnterprisePassword({ enterpriseId: id, userId }),
      );
      return reply(c, reset);
    },
  );
}
