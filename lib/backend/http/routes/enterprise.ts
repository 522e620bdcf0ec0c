import { createRoute, z } from "@hono/zod-openapi";
import {
  enterpriseLoginRequest,
  enterpriseLoginResponse,
  enterprisePasswordRequest,
  enterpriseVerifyAccountRequest,
  enterpriseVerifyAccountResponse,
} from "@/lib/contract/passport";
import { changeEnterprisePassword, enterpriseLogin, verifyEnterpriseAccount } from "../../services/enterprise-auth";
import { authenticate } from "../../services/sessions";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, SESSION } from "../openapi";

/** Enterprise sign-in: account lookup, login, and changing the (default) password. */
const tags = ["enterprise"];

export function enterpriseRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/enterprise/verify/account", tags, summary: "Look up a business account ID", request: { body: json(enterpriseVerifyAccountRequest) }, responses: ok(enterpriseVerifyAccountResponse) }),
    async (c) => reply(c, await verifyEnterpriseAccount(c.req.valid("json").account, c.var.client)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/enterprise/login", tags, summary: "Sign in as an enterprise user", request: { body: json(enterpriseLoginRequest) }, responses: ok(enterpriseLoginResponse) }),
    async (c) => reply(c, await enterpriseLogin(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({ method: "patch", path: "/v1/enterprise/password", tags, summary: "Change the enterprise user's password; the other sessions end unless signOutOthers is false", security: SESSION, request: { body: json(enterprisePasswordRequest) }, responses: ok(z.object({})) }),
    async (c) => {
      const current = await authenticate(c.var.token);
      await changeEnterprisePassword(current, c.req.valid("json"), c.var.client);
      return reply(c, {});
    },
  );
}
