import { createRoute } from "@hono/zod-openapi";
import {
  announcementsResponse,
  appCodeQuery,
  messageListQuery,
  messageListResponse,
  messageSettingRequest,
  messageSettingsRequest,
  messageSettingsResponse,
  readAllRequest,
  readMessageRequest,
  unreadCountsResponse,
} from "@/lib/contract/messages";
import { currentAnnouncements } from "../../services/announcements";
import { appCodeOf, listMessages, readAll, readMessage, unreadCounts } from "../../services/message-inbox";
import { changeMessageSettings, messageSettings } from "../../services/message-settings";
import { authenticate } from "../../services/sessions";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, optionalJson, SESSION } from "../openapi";

/**
 * The message service (SPEC §7) under /message/v1/web and /message/v2/web: the signed-in
 * user's inbox, unread counts and settings, and the public announcements.
 */
const tags = ["messages"];

export function messageRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/message/v1/web/list", tags, summary: "One page of a tab of the user's messages", security: SESSION, request: { query: messageListQuery }, responses: ok(messageListResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      const query = c.req.valid("query");
      return reply(c, await listMessages(user, { ...query, appCode: appCodeOf(query.appCode, c.var.client) }, c.var.lang));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/message/v1/web/count", tags, summary: "Unread messages per tab, and their total", security: SESSION, request: { query: appCodeQuery }, responses: ok(unreadCountsResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await unreadCounts(user.id, appCodeOf(c.req.valid("query").appCode, c.var.client)));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/message/v1/web/read", tags, summary: "Mark one message read; the unread counts after", security: SESSION, request: { body: json(readMessageRequest) }, responses: ok(unreadCountsResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await readMessage(user, c.req.valid("json").id));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/message/v1/web/read/all", tags, summary: "Mark a tab (or every tab) read; the unread counts after", security: SESSION, request: { body: optionalJson(readAllRequest) }, responses: ok(unreadCountsResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      const body = c.req.valid("json");
      return reply(c, await readAll(user, { appCode: appCodeOf(body.appCode, c.var.client), category: body.category }));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/message/v1/web/my/settings", tags, summary: "Which categories reach the user in an app", security: SESSION, request: { query: appCodeQuery }, responses: ok(messageSettingsResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await messageSettings(user, appCodeOf(c.req.valid("query").appCode, c.var.client)));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/message/v1/web/my/settings", tags, summary: "Turn one category on or off (system messages cannot be turned off: 20601)", security: SESSION, request: { body: json(messageSettingRequest) }, responses: ok(messageSettingsResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      const { appCode, category, blocked } = c.req.valid("json");
      return reply(c, await changeMessageSettings(user, appCodeOf(appCode, c.var.client), [{ category, blocked }]));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/message/v2/web/my/settings", tags, summary: "Set several categories of one app at once (all or none)", security: SESSION, request: { body: json(messageSettingsRequest) }, responses: ok(messageSettingsResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      const { appCode, settings } = c.req.valid("json");
      return reply(c, await changeMessageSettings(user, appCode, settings));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/message/v1/web/announcements", tags, summary: "The current public announcements, newest first (no session)", responses: ok(announcementsResponse) }),
    async (c) => reply(c, { list: await currentAnnouncements() }),
  );
}
