import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { cliChannelAddress, isCliToken } from "../../cli/portal-channel";
import { runCli } from "../../cli/run";
import { ErrorCode, ServiceError } from "../../errors";
import { normalizeIp } from "../../net/addresses";
import { peerAddress } from "../client";
import type { ServicesEnv, ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";

/**
 * POST /v1/cli: `npm run cli` through the running portal (cli/portal-channel.ts). Only
 * from the server's own address (the one the channel names: the CLI on this machine connects
 * from it; any other loopback address is another client), with no forwarding header naming
 * anyone else (a proxy in front would make every caller look local), and only with the token of
 * DATA_DIR/cli-channel.json. The caller is checked before the body is read: anything else gets
 * 404, as if there were no such route, whatever it sent. The command is audited as `cli` from
 * that address.
 *
 * Next itself adds X-Forwarded-For (from the socket) to every request it hands a route, after the
 * portal's server dropped any the client sent without TRUST_PROXY; so the header is allowed when
 * every hop it names is the server's own address.
 */
export const CLI_TOKEN_HEADER = "x-cli-token";

const request = z.object({ argv: z.array(z.string().max(4096)).min(1).max(64) });
const response = z.object({ exitCode: z.number(), out: z.array(z.string()), err: z.array(z.string()) });

function onlyOwnHops(header: string | undefined, own: string): boolean {
  if (header === undefined) return true;
  return header.split(",").every((hop) => normalizeIp(hop) === own);
}

/** The channel's caller, checked from the socket and the headers alone. */
const localCaller = createMiddleware<ServicesEnv>(async (c, next) => {
  const own = cliChannelAddress();
  const local = own !== null && peerAddress(c.env) === own && onlyOwnHops(c.req.header("x-forwarded-for"), own) && !c.req.header("forwarded");
  if (!local || !isCliToken(c.req.header(CLI_TOKEN_HEADER))) throw new ServiceError(ErrorCode.notFound);
  await next();
});

export function consoleCliRoute(app: ServicesApp): void {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/cli",
      tags: ["console"],
      summary: "Run an operator command in the portal (from the server's own address, with the data directory's token)",
      middleware: [localCaller] as const,
      request: { body: json(request) },
      responses: ok(response),
    }),
    async (c) => {
      const out: string[] = [];
      const err: string[] = [];
      const exitCode = await runCli(c.req.valid("json").argv, { out: (line) => out.push(line), err: (line) => err.push(line) }, { ip: cliChannelAddress() });
      return reply(c, { exitCode, out, err });
    },
  );
}
