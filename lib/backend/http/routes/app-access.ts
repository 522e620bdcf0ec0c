import { createRoute, z } from "@hono/zod-openapi";
import { appAccessResponse, CLIENT_ID_PATTERN } from "@/lib/contract/app-access";
import { listAppAccess, removeAppAccess } from "../../oidc/app-access";
import { authenticate } from "../../services/sessions";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { ok, SESSION } from "../openapi";

/** The apps with access to the account (the OpenID Provider's grants), and taking one back. */
const tags = ["security"];
const empty = z.object({});
const clientParam = z.object({ clientId: z.string().regex(CLIENT_ID_PATTERN) });

export function appAccessRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/user/apps", tags, summary: "The apps that hold a grant of this account, most recent first", security: SESSION, responses: ok(appAccessResponse) }),
    async (c) => reply(c, { apps: await listAppAccess((await authenticate(c.var.token)).user.id) }),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/user/apps/{clientId}",
      tags,
      summary: "Take one app's access back: its grants, codes and tokens end, and it is told by back-channel logout (20801 when it holds none)",
      security: SESSION,
      request: { params: clientParam },
      responses: ok(empty),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      await removeAppAccess(user.id, c.req.valid("param").clientId);
      return reply(c, {});
    },
  );
}
