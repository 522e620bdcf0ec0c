import { createRoute, z } from "@hono/zod-openapi";
import { changeOwnPasswordRequest, resetOperatorAuthenticatorResponse, resetOperatorPasswordResponse } from "@/lib/contract/console/operators";
import { reasonField } from "@/lib/contract/console/session";
import { ErrorCode, ServiceError } from "../../errors";
import { audited } from "../../services/console/audited";
import { changeOwnPassword, resetOperatorAuthenticator, resetOperatorPassword } from "../../services/console/operator-secrets";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleCaller } from "./guard";
import { OPERATOR } from "./session-routes";

/**
 * Operators' secrets (services/console/operator-secrets.ts): an admin resets another operator's
 * password or authenticator (the new one answered once, audited with the reason, never the secret
 * itself); any operator changes their own password with the current one (audited).
 */
const tags = ["console"];
const idParam = z.object({ id: z.uuid() });
const reasonBody = z.object({ reason: reasonField });

export function consoleOperatorSecretRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/console/operators/{id}/reset-password", tags, summary: "A new password for another operator, answered once; its sessions end", security: OPERATOR, request: { params: idParam, body: json(reasonBody) }, responses: ok(resetOperatorPasswordResponse) }),
    async (c) => {
      const caller = consoleCaller(c);
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      // one's own password is changed with the current one (POST /v1/console/session/password)
      if (id === caller.operator.id) throw new ServiceError(ErrorCode.insufficientAuthority);
      const password = await audited(caller.actor, { action: "operator.password.reset", target: { type: "operator", id }, reason }, async () => {
        const done = await resetOperatorPassword(id);
        return { result: done.password, detail: { email: done.email } };
      });
      return reply(c, { password });
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/operators/{id}/reset-authenticator", tags, summary: "A new authenticator secret for another operator, answered once; its sessions end", security: OPERATOR, request: { params: idParam, body: json(reasonBody) }, responses: ok(resetOperatorAuthenticatorResponse) }),
    async (c) => {
      const caller = consoleCaller(c);
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      if (id === caller.operator.id) throw new ServiceError(ErrorCode.insufficientAuthority);
      const secret = await audited(caller.actor, { action: "operator.authenticator.reset", target: { type: "operator", id }, reason }, async () => {
        const done = await resetOperatorAuthenticator(id);
        return { result: { totpUri: done.totpUri, totpSecret: done.totpSecret }, detail: { email: done.email } };
      });
      return reply(c, secret);
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/session/password", tags, summary: "The signed-in operator's own password, the current one proved; their other sessions end", security: OPERATOR, request: { body: json(changeOwnPasswordRequest) }, responses: ok(z.object({})) }),
    async (c) => {
      const caller = consoleCaller(c);
      const { current, next } = c.req.valid("json");
      const target = { type: "operator", id: caller.operator.id };
      await audited(caller.actor, { action: "operator.password.change", target, reason: null }, async () => {
        await changeOwnPassword(caller.operator.id, caller.sessionId, current, next);
        return { result: null };
      });
      return reply(c, {});
    },
  );
}
