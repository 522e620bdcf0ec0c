import { createRoute, z } from "@hono/zod-openapi";
import { operatorSessionResponse, operatorSignInRequest, operatorSignInResponse } from "@/lib/contract/console/session";
import { audit } from "../../services/console/audit";
import { endOperatorSession } from "../../services/console/operator-sessions";
import { signInOperator } from "../../services/console/sign-in";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { assertConsoleAddress, consoleCaller } from "./guard";

/** Operator sign-in, who is signed in, sign-out (docs/operators.md). */
const tags = ["console"];
export const OPERATOR = [{ operatorToken: [] }];

export function consoleSessionRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/console/session", tags, summary: "Operator sign-in: password and authenticator code", request: { body: json(operatorSignInRequest) }, responses: ok(operatorSignInResponse) }),
    async (c) => {
      const { ip, userAgent } = c.var.client;
      assertConsoleAddress(ip);
      return reply(c, await signInOperator(c.req.valid("json"), { ip, userAgent }));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/console/session", tags, summary: "The signed-in operator", security: OPERATOR, responses: ok(operatorSessionResponse) }),
    async (c) => reply(c, { operator: consoleCaller(c).operator }),
  );

  app.openapi(
    createRoute({ method: "delete", path: "/v1/console/session", tags, summary: "Operator sign-out", security: OPERATOR, responses: ok(z.object({})) }),
    async (c) => {
      const caller = consoleCaller(c);
      await endOperatorSession(caller.sessionId);
      await audit(caller.actor, "operator.sign-out", { type: "operator", id: caller.operator.id }, null, "ok");
      return reply(c, {});
    },
  );
}
