import { createRoute, z } from "@hono/zod-openapi";
import { announcementItem, announcementListResponse, pageQuery, publishAnnouncementRequest, reasonRequest, sendMessageRequest, sendMessageResponse } from "@/lib/contract/console/screens-api";
import { pageNumber } from "../../services/console/input";
import { listConsoleAnnouncements, publishConsoleAnnouncement, sendConsoleMessage, unpublishAnnouncement } from "../../services/console/messages";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleChange, consoleRead } from "./action";
import { OPERATOR } from "./session-routes";

/** Messages (support and admin send) and announcements (admins publish and unpublish). */
const tags = ["console"];

export function consoleMessageRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/console/messages", tags, summary: "Send a message to one user, an app's users or everyone", security: OPERATOR, request: { body: json(sendMessageRequest) }, responses: ok(sendMessageResponse) }),
    async (c) => {
      const input = c.req.valid("json");
      const target = input.target === "user" ? { kind: "user" as const, email: input.email } : { kind: input.target };
      const texts = { en: { name: input.texts.en.title, content: input.texts.en.body }, zh: { name: input.texts.zh.title, content: input.texts.zh.body } };
      const sent = await consoleChange(
        c,
        {
          action: "message.send",
          reason: input.reason,
          target: (result) => (result.id ? { type: "message", id: result.id } : null),
          detail: (result) => ({ to: input.target, recipient: input.target === "user" ? input.email : undefined, app: input.appCode, category: input.category, delivered: result.delivered }),
          attempted: { to: input.target, app: input.appCode?.slice(0, 64) },
        },
        () => sendConsoleMessage({ appCode: input.appCode, category: input.category, target, texts }),
      );
      return reply(c, { delivered: sent.delivered });
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/console/announcements", tags, summary: "Every announcement, newest first, with its state", security: OPERATOR, request: { query: pageQuery }, responses: ok(announcementListResponse) }),
    async (c) => reply(c, await consoleRead(c, () => listConsoleAnnouncements(pageNumber(c.req.valid("query").page)))),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/announcements", tags, summary: "Publish an announcement", security: OPERATOR, request: { body: json(publishAnnouncementRequest) }, responses: ok(announcementItem) }),
    async (c) => {
      const input = c.req.valid("json");
      const item = await consoleChange(
        c,
        { action: "announcement.publish", reason: input.reason, target: (result) => ({ type: "announcement", id: result.id }), detail: (result) => ({ title: result.title.en, until: result.expiresAt }) },
        () => publishConsoleAnnouncement({ texts: input.texts, until: input.until }),
      );
      return reply(c, item);
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/announcements/{id}/unpublish", tags, summary: "Unpublish a shown announcement", security: OPERATOR, request: { params: z.object({ id: z.string() }), body: json(reasonRequest) }, responses: ok(z.object({})) }),
    async (c) => {
      const { id } = c.req.valid("param");
      await consoleChange(c, { action: "announcement.unpublish", reason: c.req.valid("json").reason, target: () => ({ type: "announcement", id }) }, () => unpublishAnnouncement(id));
      return reply(c, {});
    },
  );
}
