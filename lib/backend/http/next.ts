import { HEADER } from "@/lib/contract/headers";
import { servicesApp } from "./app";

/**
 * The services inside the portal's Next app: the app/v1 and app/v2 route handlers hand each
 * request to the Hono app with the socket's address, which the app's Node server writes into
 * x-passport-peer before anything reads the request (instrumentation.ts).
 *
 * A request without a body, or with a declared length (the body limit then reads only the
 * header), goes to the app as Next made it. A chunked body is passed on as a plain Request
 * whose body is still the incoming stream: the body limit counts it into a Request of its
 * own, which Next's request class cannot be made into. Nothing is buffered here.
 */
export function handleInNext(request: Request): Promise<Response> {
  const bindings = { peer: request.headers.get(HEADER.peer) };
  const declared = request.headers.has("content-length") && !request.headers.has("transfer-encoding");
  if (request.body === null || declared) return Promise.resolve(servicesApp().fetch(request, bindings));
  const init: RequestInit & { duplex: "half" } = { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: "half" };
  return Promise.resolve(servicesApp().fetch(new Request(request.url, init), bindings));
}
