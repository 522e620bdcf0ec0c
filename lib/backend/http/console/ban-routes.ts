import { createRoute } from "@hono/zod-openapi";
import { addBanRequest, addBanResponse, analyticsQuery, banListResponse, dashboardResponse, pageQuery, removeBanRequest, removeBanResponse } from "@/lib/contract/console/screens-api";
import { dashboard } from "../../services/console/analytics";
import { addBan, listBans, removeBan } from "../../services/console/bans";
import { pageNumber } from "../../services/console/input";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleChange, consoleRead } from "./action";
import { OPERATOR } from "./session-routes";

/** IP bans (support and admin change them) and the analytics dashboard (every operator reads it). */
const tags = ["console"];

export function consoleBanAndAnalyticsRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/console/bans", tags, summary: "Banned addresses and ranges, newest first", security: OPERATOR, request: { query: pageQuery }, responses: ok(banListResponse) }),
    async (c) => reply(c, await consoleRead(c, () => listBans(pageNumber(c.req.valid("query").page)))),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/bans", tags, summary: "Ban an address or CIDR range, with a reason and an optional last day", security: OPERATOR, request: { body: json(addBanRequest) }, responses: ok(addBanResponse) }),
    async (c) => {
      const input = c.req.valid("json");
      const operatorIp = c.var.client.ip;
      const result = await consoleChange(
        c,
        { action: "ban.add", reason: input.reason, target: (done) => ({ type: "ip", id: done.network }), detail: (done) => ({ added: done.added, expiresOn: input.expiresOn || null }), attempted: { network: input.network?.slice(0, 100) } },
        () => addBan({ network: input.network, reason: (input.reason ?? "").trim(), expiresOn: input.expiresOn, operatorIp }),
      );
      return reply(c, result);
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/bans/remove", tags, summary: "Lift a ban (the address or range exactly as listed)", security: OPERATOR, request: { body: json(removeBanRequest) }, responses: ok(removeBanResponse) }),
    async (c) => {
      const input = c.req.valid("json");
      const result = await consoleChange(
        c,
        { action: "ban.remove", reason: input.reason, target: (done) => ({ type: "ip", id: done.network }), attempted: { network: input.network?.slice(0, 100) } },
        () => removeBan(input.network),
      );
      return reply(c, result);
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/console/analytics", tags, summary: "Counts per day for a range of at most 366 days, by brand and platform", security: OPERATOR, request: { query: analyticsQuery }, responses: ok(dashboardResponse) }),
    async (c) => reply(c, await consoleRead(c, () => dashboard(c.req.valid("query")))),
  );
}
