import { createRoute, z } from "@hono/zod-openapi";
import {
  disconnectSocialRequest,
  endSessionsRequest,
  passwordResetRequest,
  reasonRequest,
  userActionResponse,
  userDetail,
  userSearchQuery,
  userSearchResponse,
  userStatusRequest,
} from "@/lib/contract/console/users";
import { deleteUser, disconnectSocial, endSessions, resetTwoStep, sendPasswordReset, setStatus } from "../../services/console/user-actions";
import { userDetail as readUserDetail, userRowById } from "../../services/console/user-detail";
import { searchUsers } from "../../services/console/user-search";
import { activityQuery, activityResponse } from "@/lib/contract/activity";
import { listActivity } from "../../services/account-activity";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { audited } from "../../services/console/audited";
import { consoleCaller } from "./guard";
import { OPERATOR } from "./session-routes";

/** Users in the console: search, one user's page, and the actions on a user (each with a reason, each audited). */
const tags = ["console"];
const idParam = z.object({ id: z.uuid() });

export function consoleUserRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/console/users", tags, summary: "Search users: one box (a part of the email or nickname, the id, an enterprise account ID, a sign-in address), filters, sort and a count", security: OPERATOR, request: { query: userSearchQuery }, responses: ok(userSearchResponse) }),
    async (c) => reply(c, await searchUsers(c.req.valid("query"))),
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/console/users/{id}", tags, summary: "One user's page", security: OPERATOR, request: { params: idParam }, responses: ok(userDetail) }),
    async (c) => reply(c, await readUserDetail(c.req.valid("param").id, c.var.lang)),
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/console/users/{id}/activity", tags, summary: "One user's security activity, newest first, paged: what the user's own activity page shows, \"This wasn't me\" marked", security: OPERATOR, request: { params: idParam, query: activityQuery }, responses: ok(activityResponse) }),
    async (c) => reply(c, await listActivity(await userRowById(c.req.valid("param").id), c.req.valid("query"), c.var.lang)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/users/{id}/status", tags, summary: "Restrict, ban or unban", security: OPERATOR, request: { params: idParam, body: json(userStatusRequest) }, responses: ok(userActionResponse) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { status, reason } = c.req.valid("json");
      const action = { active: "user.unban", restricted: "user.restrict", banned: "user.ban" }[status];
      return reply(c, await audited(consoleCaller(c).actor, { action, target: { type: "user", id }, reason }, async () => {
        const { previous, ended } = await setStatus(id, status);
        return { result: { done: true as const, count: ended }, detail: { from: previous, to: status, sessionsEnded: ended } };
      }));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/users/{id}/sessions/end", tags, summary: "End one session or all of them", security: OPERATOR, request: { params: idParam, body: json(endSessionsRequest) }, responses: ok(userActionResponse) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { sessionId, reason } = c.req.valid("json");
      return reply(c, await audited(consoleCaller(c).actor, { action: "user.end-sessions", target: { type: "user", id }, reason }, async () => {
        const ended = await endSessions(id, sessionId);
        return { result: { done: true as const, count: ended }, detail: { session: sessionId ?? "all", ended } };
      }));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/users/{id}/two-step/reset", tags, summary: "Turn the user's two-step off (lost phone); ends their sessions, mails them a notice", security: OPERATOR, request: { params: idParam, body: json(reasonRequest) }, responses: ok(userActionResponse) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      return reply(c, await audited(consoleCaller(c).actor, { action: "user.reset-two-step", target: { type: "user", id }, reason }, async () => {
        const ended = await resetTwoStep(id, c.var.lang);
        return { result: { done: true as const, count: ended }, detail: { sessionsEnded: ended } };
      }));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/users/{id}/social/disconnect", tags, summary: "Disconnect a social account", security: OPERATOR, request: { params: idParam, body: json(disconnectSocialRequest) }, responses: ok(userActionResponse) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { channel, reason } = c.req.valid("json");
      return reply(c, await audited(consoleCaller(c).actor, { action: "user.disconnect-social", target: { type: "user", id }, reason }, async () => {
        await disconnectSocial(id, channel);
        return { result: { done: true as const }, detail: { channel } };
      }));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/users/{id}/password-reset", tags, summary: "Mail the user the way to reset the password", security: OPERATOR, request: { params: idParam, body: json(passwordResetRequest) }, responses: ok(userActionResponse) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      return reply(c, await audited(consoleCaller(c).actor, { action: "user.password-reset-mail", target: { type: "user", id }, reason }, async () => {
        // the caller chooses at most the language (the lang header); the link is the services' own
        const { link } = await sendPasswordReset(id, c.var.lang);
        return { result: { done: true as const }, detail: { link } };
      }));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/users/{id}/delete", tags, summary: "Delete the account and what is kept about it", security: OPERATOR, request: { params: idParam, body: json(reasonRequest) }, responses: ok(userActionResponse) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      return reply(c, await audited(consoleCaller(c).actor, { action: "user.delete", target: { type: "user", id }, reason }, async () => {
        const email = await deleteUser(id);
        return { result: { done: true as const }, detail: { email } };
      }));
    },
  );
}
