import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { SERVICES_API_PATH } from "@/lib/contract/api-paths";
import { withCountableBody } from "./streamed-request";

/**
 * The services' API in the portal's own server (lib/server/portal-server.ts hands it every
 * request when the services are embedded; server.ts passes this in): /v1/** and /v2/** go
 * straight to the Hono app on @hono/node-server's request listener, as under `npm run services`,
 * instead of through Next's route handlers (app/v1, app/v2), whose routing and request and
 * response conversion cost more CPU than most of the API's answers (docs/performance.md).
 *
 * What the portal's server does before (the caller's address into x-passport-peer, forwarded
 * headers dropped unless trusted, the declared body cap) stays; the app reads the caller from
 * the `incoming` binding's socket, as under `npm run services`. The two headers next.config.mjs
 * gives every answer are set here, and no-referrer on the paths that may carry a ticket. Next's
 * own Request and Response classes are left alone (overrideGlobalObjects: false).
 *
 * The app itself (its routes, zod schemas, @simplewebauthn/server…) loads with the first API
 * request, not at the server's start: a start that serves pages first never waits for it.
 */
export type ServicesRequestHandler = { takes: (request: Pick<IncomingMessage, "url">) => boolean; answer: (request: IncomingMessage, response: ServerResponse) => Promise<void> };

/** Social sign-in's and third-party-cookie mode's addresses may carry a ticket (next.config.mjs) */
const NO_REFERRER = /^\/v1\/(?:oauth|cookie)\//;

export function servicesRequestHandler(): ServicesRequestHandler {
  // a module is evaluated once; later imports of it are answered from the module cache
  const listener = getRequestListener(async (request, env) => (await import("./app")).servicesApp().fetch(withCountableBody(request), env), { overrideGlobalObjects: false });
  return {
    takes: (request) => SERVICES_API_PATH.test(request.url ?? ""),
    answer: async (request, response) => {
      response.setHeader("x-content-type-options", "nosniff");
      response.setHeader("referrer-policy", NO_REFERRER.test(request.url ?? "") ? "no-referrer" : "strict-origin-when-cross-origin");
      await listener(request, response);
    },
  };
}
