import type { OpenAPIHono } from "@hono/zod-openapi";
import type { IncomingMessage } from "node:http";
import type { Lang } from "../lang";
import type { ClientInfo } from "../services/sessions";
import type { OperatorInfo } from "@/lib/contract/console/session";

/**
 * What the services' Hono app knows about each request.
 *
 * Bindings come from whoever serves the app: the Next route handlers pass the socket address
 * the portal's server saw (`peer`); `npm run services` runs on @hono/node-server, whose
 * `incoming` message carries the socket itself. An in-process caller (the portal's transport)
 * passes neither. Variables are set by the app's first middleware for every handler.
 */
export type ServicesBindings = {
  /** the TCP peer's address, when the server in front knows it */
  peer?: string | null;
  /** @hono/node-server's request, with its socket */
  incoming?: IncomingMessage;
};

/** The operator a console route runs for (set by http/console/guard.ts before the route). */
export type ConsoleCaller = { operator: OperatorInfo; sessionId: string; actor: { operatorId: string | null; actor: string; ip: string | null } };

export type ServicesVariables = {
  requestId: string;
  lang: Lang;
  /** the session token of the `utoken` header, if any */
  token: string | null;
  client: ClientInfo;
  /** only on /v1/console/** routes past the console guard */
  console?: ConsoleCaller;
};

export type ServicesEnv = { Bindings: ServicesBindings; Variables: ServicesVariables };

/** The services' Hono app as its routes see it (app.ts builds it; the routes add to it). */
export type ServicesApp = OpenAPIHono<ServicesEnv>;
