import { createRoute } from "@hono/zod-openapi";
import { stepUpRequest, stepUpResponse, stepUpStatusResponse } from "@/lib/contract/step-up";
import { authenticate } from "../../services/sessions";
import { proveStepUp, stepUpStatus } from "../../services/step-up";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, SESSION } from "../openapi";

/** Step-up: a recent proof in this session before a change that lowers the account's security (20113). */
const tags = ["security"];

export function stepUpRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/user/step-up", tags, summary: "Whether this session holds a recent proof, and the ways to make one", security: SESSION, responses: ok(stepUpStatusResponse) }),
    async (c) => reply(c, await stepUpStatus(await authenticate(c.var.token))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/user/step-up",
      tags,
      summary: "Prove it is the owner (the password, or an emailed code of purpose step_up for an account without one); good for 5 minutes in this session",
      security: SESSION,
      request: { body: json(stepUpRequest) },
      responses: ok(stepUpResponse),
    }),
    async (c) => reply(c, await proveStepUp(await authenticate(c.var.token), c.req.valid("json"), c.var.client.ip)),
  );
}
