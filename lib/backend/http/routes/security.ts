import { createRoute, z } from "@hono/zod-openapi";
import {
  changePasswordRequest,
  clearSessionsRequest,
  clearSessionsResponse,
  deleteAccountRequest,
  deviceLoginRequest,
  deviceListQuery,
  deviceSecurityRequest,
  deviceSecurityResponse,
  sessionLogResponse,
  socialAccountsResponse,
} from "@/lib/contract/user";
import { sessionResponse, verifyEmailResponse } from "@/lib/contract/passport";
import { activityQuery, activityResponse, disownRequest, disownResponse } from "@/lib/contract/activity";
import { listActivity } from "../../services/account-activity";
import { disownActivity } from "../../services/disown";
import { changePassword, deleteAccount, issueOwnEmailNonce, socialAccountList } from "../../services/account";
import { loginWithDevice } from "../../services/device-sign-in";
import { deviceSecurity, forgetDevice, setDeviceSecurity } from "../../services/devices";
import { clearSessions, listSessions } from "../../services/session-log";
import { authenticate } from "../../services/sessions";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, optionalJson, SESSION } from "../openapi";

/** Account security: password, login log and sessions, device security, social accounts, deletion. */
const tags = ["security"];
const empty = z.object({});
const sessionLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export function securityRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "patch", path: "/v1/user/password", tags, summary: "Change the password; the other sessions end unless signOutOthers is false", security: SESSION, request: { body: json(changePasswordRequest) }, responses: ok(empty) }),
    async (c) => {
      await changePassword(await authenticate(c.var.token), c.req.valid("json"), c.var.client);
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/session/log", tags, summary: "The account's sessions, newest first", security: SESSION, request: { query: sessionLogQuery }, responses: ok(sessionLogResponse) }),
    async (c) => {
      const { session } = await authenticate(c.var.token);
      return reply(c, await listSessions(session, c.req.valid("query"), c.var.lang));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/security/activity", tags, summary: "The account's security activity, newest first: sign-ins, refused sign-ins, security events", security: SESSION, request: { query: activityQuery }, responses: ok(activityResponse) }),
    async (c) => reply(c, await listActivity((await authenticate(c.var.token)).user, c.req.valid("query"), c.var.lang)),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/user/security/activity/disown",
      tags,
      summary: "\"This wasn't me\": mark the event, end every session (this one too) and app grant, require a new password by email reset",
      security: SESSION,
      request: { body: json(disownRequest) },
      responses: ok(disownResponse),
    }),
    async (c) => reply(c, await disownActivity(await authenticate(c.var.token), c.req.valid("json").id, c.var.client)),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/user/session/clear",
      tags,
      summary: "End one session, or every session but this one",
      security: SESSION,
      request: { body: optionalJson(clearSessionsRequest) },
      responses: ok(clearSessionsResponse),
    }),
    async (c) => {
      const { session } = await authenticate(c.var.token);
      return reply(c, await clearSessions(session, c.req.valid("json").sessionId));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/device/security", tags, summary: "Device security and one page of the known devices", security: SESSION, request: { query: deviceListQuery }, responses: ok(deviceSecurityResponse) }),
    async (c) => reply(c, await deviceSecurity((await authenticate(c.var.token)).user, c.var.client, c.req.valid("query"))),
  );

  app.openapi(
    createRoute({ method: "patch", path: "/v1/user/device/security", tags, summary: "Turn device security on, or off with a recent step-up proof, the current password or an emailed code of purpose security", security: SESSION, request: { body: json(deviceSecurityRequest) }, responses: ok(deviceSecurityResponse) }),
    async (c) => {
      return reply(c, await setDeviceSecurity(await authenticate(c.var.token), c.var.client, c.req.valid("json")));
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/user/device/{id}",
      tags,
      summary: "Forget a known device",
      security: SESSION,
      request: { params: z.object({ id: z.string().min(1).max(128) }) },
      responses: ok(empty),
    }),
    async (c) => {
      await forgetDevice((await authenticate(c.var.token)).user, c.req.valid("param").id);
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/login/device", tags: ["sign-in"], summary: "Finish a sign-in held back for a new device (20109)", request: { body: json(deviceLoginRequest) }, responses: ok(sessionResponse) }),
    async (c) => reply(c, await loginWithDevice(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/oauth/list", tags, summary: "Sign-in providers and whether this account is connected to each", security: SESSION, responses: ok(socialAccountsResponse) }),
    async (c) => reply(c, await socialAccountList((await authenticate(c.var.token)).user)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/verify/email", tags, summary: "Start an emailed-code flow for the account's own email", security: SESSION, request: { body: optionalJson(empty) }, responses: ok(verifyEmailResponse) }),
    async (c) => reply(c, await issueOwnEmailNonce((await authenticate(c.var.token)).user, c.var.client.ip)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/delete", tags, summary: "Delete the account (a recent step-up proof, the emailed code and both confirmations)", security: SESSION, request: { body: json(deleteAccountRequest) }, responses: ok(empty) }),
    async (c) => {
      await deleteAccount(await authenticate(c.var.token), c.req.valid("json"), c.var.client.ip);
      return reply(c, {});
    },
  );
}
