import { HEADER } from "@/lib/contract/headers";
import { servicesApp } from "./app";

/**
 * The services inside the portal's Next app: the app/v1 and app/v2 route handlers hand each
 * request to the Hono app with the socket's address, which the app's Node server writes into
 * x-passport-peer before anything reads the request (instrumentation.ts).
 *
 * The request is passed on as a plain Request whose body is still the incoming stream (Next's
 * own request class cannot be re-wrapped by the body limit), so nothing is buffered here.
 */
export function handleInNext(request: Request): Promise<Response> {
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== null;
  const plain = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: "half" as const } : {}),
  });
  return Promise.resolve(servicesApp().fetch(plain, { peer: request.headers.get(HEADER.peer) }));
}
