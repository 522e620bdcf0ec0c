import { createRoute, z } from "@hono/zod-openapi";
import { clientListResponse, clientScopesRequest, clientScopesResponse, clientSecretResponse, reasonRequest, registerClientRequest } from "@/lib/contract/console/screens-api";
import { disableConsoleClient, listConsoleClients, registerConsoleClient, rotateConsoleClientSecret, setConsoleClientScopes } from "../../services/console/clients";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleChange, consoleRead } from "./action";
import { OPERATOR } from "./session-routes";

/**
 * Apps registered with the OpenID Provider (admins only; docs/oidc.md): listed, registered,
 * a secret rotated, their scopes chosen again, disabled. Every change carries a reason and is audited; a secret is in the
 * answer once and never in the audit log.
 */
const tags = ["console"];
const idParam = z.object({ id: z.string() });

export function consoleClientRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/console/clients", tags, summary: "The apps registered with the OpenID Provider, without secrets", security: OPERATOR, responses: ok(clientListResponse) }),
    async (c) => reply(c, await consoleRead(c, async () => ({ items: await listConsoleClients() }))),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/clients", tags, summary: "Register an app; a client_secret_basic app's secret is answered once", security: OPERATOR, request: { body: json(registerClientRequest) }, responses: ok(clientSecretResponse) }),
    async (c) => {
      const input = c.req.valid("json");
      const created = await consoleChange(
        c,
        { action: "client.create", reason: input.reason, target: (result) => ({ type: "client", id: result.clientId }), detail: () => ({ kind: input.kind, name: input.name, thirdParty: input.thirdParty === true, scopes: input.scopes ?? "all" }), attempted: { kind: input.kind?.slice(0, 32) } },
        () => registerConsoleClient(input),
      );
      return reply(c, created);
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/clients/{id}/rotate-secret", tags, summary: "A new secret for a client_secret_basic app, answered once; the old one stops working", security: OPERATOR, request: { params: idParam, body: json(reasonRequest) }, responses: ok(clientSecretResponse) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const rotated = await consoleChange(c, { action: "client.rotate-secret", reason: c.req.valid("json").reason, target: () => ({ type: "client", id }), attempted: { client: id.slice(0, 100) } }, () => rotateConsoleClientSecret(id));
      return reply(c, rotated);
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/clients/{id}/disable", tags, summary: "Disable an app: it can no longer sign users in and its tokens stop working", security: OPERATOR, request: { params: idParam, body: json(reasonRequest) }, responses: ok(z.object({})) }),
    async (c) => {
      const { id } = c.req.valid("param");
      await consoleChange(c, { action: "client.disable", reason: c.req.valid("json").reason, target: () => ({ type: "client", id }), attempted: { client: id.slice(0, 100) } }, () => disableConsoleClient(id));
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/clients/{id}/scopes", tags, summary: "Choose again what an app may ask for besides openid; the provider enforces it at once", security: OPERATOR, request: { params: idParam, body: json(clientScopesRequest) }, responses: ok(clientScopesResponse) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { scopes, reason } = c.req.valid("json");
      const changed = await consoleChange(
        c,
        { action: "client.scopes", reason, target: () => ({ type: "client", id }), detail: (result) => ({ scopes: result.scopes }), attempted: { client: id.slice(0, 100), scopes: scopes.join(" ").slice(0, 100) } },
        () => setConsoleClientScopes(id, scopes),
      );
      return reply(c, changed);
    },
  );
}
