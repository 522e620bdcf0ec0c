import { createRoute, z } from "@hono/zod-openapi";
import { addressList } from "../../net/addresses";
import { isCliToken } from "../../admin/portal-channel";
import { runAdmin } from "../../admin/run";
import { ErrorCode, ServiceError } from "../../errors";
import { peerAddress } from "../client";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";

/**
 * POST /v1/ops/cli: `npm run admin` through the running portal (admin/portal-channel.ts). Only
 * from this machine (the socket's own loopback address, no forwarding header: a proxy in front
 * would make every caller look local) and only with the token of DATA_DIR/admin-cli.json.
 * Anything else gets 404, as if there were no such route. The command is audited as `cli`.
 *
 * Next itself adds X-Forwarded-For (from the socket) to every request it hands a route, after the
 * portal's server dropped any the client sent without TRUST_PROXY; so the header is allowed when
 * every hop it names is loopback, and a proxy in front that names a remote client is refused.
 */
export const CLI_TOKEN_HEADER = "x-admin-cli-token";
const LOOPBACK = addressList(["127.0.0.0/8", "::1/128"]);

const request = z.object({ argv: z.array(z.string().max(4096)).min(1).max(64) });
const response = z.object({ exitCode: z.number(), out: z.array(z.string()), err: z.array(z.string()) });

function onlyLoopbackHops(header: string | undefined): boolean {
  if (header === undefined) return true;
  const hops = header.split(",").map((hop) => hop.trim());
  return hops.every((hop) => LOOPBACK.has(hop));
}

export function consoleCliRoute(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/ops/cli", tags: ["console"], summary: "Run an operator command in the portal (loopback, with the data directory's token)", request: { body: json(request) }, responses: ok(response) }),
    async (c) => {
      const local = LOOPBACK.has(peerAddress(c.env)) && onlyLoopbackHops(c.req.header("x-forwarded-for")) && !c.req.header("forwarded");
      if (!local || !isCliToken(c.req.header(CLI_TOKEN_HEADER))) throw new ServiceError(ErrorCode.notFound);
      const out: string[] = [];
      const err: string[] = [];
      const exitCode = await runAdmin(c.req.valid("json").argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
      return reply(c, { exitCode, out, err });
    },
  );
}
