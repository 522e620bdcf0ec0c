import type { OpenAPIHono } from "@hono/zod-openapi";
import type { IncomingMessage } from "node:http";
import type { Lang } from "../lang";
import type { ClientInfo } from "../services/sessions";

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

export type ServicesVariables = {
  requestId: string;
  lang: Lang;
  /** the session token of the `utoken` header, if any */
  token: string | null;
  client: ClientInfo;
};

export type ServicesEnv = { Bindings: ServicesBindings; Variables: ServicesVariables };

/** The services' Hono app as its routes see it (app.ts builds it; the routes add to it). */
export type ServicesApp = OpenAPIHono<ServicesEnv>;
