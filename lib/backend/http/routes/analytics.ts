import { createRoute } from "@hono/zod-openapi";
import { analyticsBatchResponse, analyticsBatchSchema } from "@/lib/contract/analytics";
import { ErrorCode, ServiceError } from "../../errors";
import { assertCollectorAllowed, storeEvents } from "../../services/analytics";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { ok } from "../openapi";

/**
 * The reference analytics collector (ANALYTICS_URL's default). Browsers post a JSON body as
 * text/plain (no preflight, and what navigator.sendBeacon sends); application/json works too.
 * Anyone may post, so it answers with `Access-Control-Allow-Origin: *` (no credentials are
 * involved) and is limited per address; the services' 64 KB body limit applies.
 */
const tags = ["analytics"];
const PATH = "/v1/analytics/events";
const CORS = { "access-control-allow-origin": "*", "access-control-allow-methods": "POST, OPTIONS", "access-control-allow-headers": "content-type", "access-control-max-age": "86400" };

function parseBody(text: string): unknown[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ServiceError(ErrorCode.invalidParams, { fields: ["(body)"] });
  }
  const parsed = analyticsBatchSchema.safeParse(body);
  if (!parsed.success) throw new ServiceError(ErrorCode.invalidParams, { fields: ["events"] });
  return parsed.data.events;
}

export function analyticsRoutes(app: ServicesApp): void {
  app.use(PATH, async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(CORS)) c.res.headers.set(name, value);
  });
  app.options(PATH, (c) => c.body(null, 204));

  app.openapi(
    createRoute({
      method: "post",
      path: PATH,
      tags,
      summary: "Store a batch of analytics events (at most 50; body {events: [...]}, sent as text/plain or application/json)",
      request: {
        body: {
          content: { "text/plain": { schema: analyticsBatchSchema }, "application/json": { schema: analyticsBatchSchema } },
          // "required" would make the JSON validator read a text/plain body as {}; the handler parses both kinds itself
          required: false,
        },
      },
      responses: ok(analyticsBatchResponse),
    }),
    async (c) => {
      await assertCollectorAllowed(c.var.client.ip);
      return reply(c, await storeEvents(parseBody(await c.req.text())));
    },
  );
}
