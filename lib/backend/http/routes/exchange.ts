import { createRoute } from "@hono/zod-openapi";
import { exchangeListQuery, exchangeListResponse, redeemRequest, redeemResponse } from "@/lib/contract/exchange";
import { redeemCode, redemptionHistory } from "../../services/exchange";
import { authenticate } from "../../services/sessions";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, SESSION } from "../openapi";

/** Server exchange (user service): redeem a code, list what was redeemed. */
const tags = ["exchange"];

export function exchangeRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/exchange/list",
      tags,
      summary: "The user's redemptions, newest first (benefit in the lang header's language)",
      security: SESSION,
      request: { query: exchangeListQuery },
      responses: ok(exchangeListResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await redemptionHistory(user, c.req.valid("query"), c.var.lang));
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/exchange/effect",
      tags,
      summary: "Redeem a code: needs a human-verification ticket (scene redeem, the account's email); any bad code is 20501",
      security: SESSION,
      request: { body: json(redeemRequest) },
      responses: ok(redeemResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      const body = c.req.valid("json");
      return reply(c, await redeemCode({ user, code: body.code, ticket: body.ticket, ip: c.var.client.ip, lang: c.var.lang }));
    },
  );
}
