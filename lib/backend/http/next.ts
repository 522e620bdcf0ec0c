import { HEADER } from "@/lib/contract/headers";
import { servicesApp } from "./app";
import { withCountableBody } from "./streamed-request";

/**
 * The services inside the portal's Next app: the app/v1 and app/v2 route handlers hand each
 * request to the Hono app with the socket's address, which the app's Node server writes into
 * x-passport-peer before anything reads the request (instrumentation.ts).
 *
 * A body without a declared length goes on as a plain Request (./streamed-request.ts).
 */
export function handleInNext(request: Request): Promise<Response> {
  return Promise.resolve(servicesApp().fetch(withCountableBody(request), { peer: request.headers.get(HEADER.peer) }));
}
