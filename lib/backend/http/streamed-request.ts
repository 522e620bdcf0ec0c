/**
 * A request whose body has no declared length (chunked, or a POST without Content-Length) as a
 * plain Fetch Request of this runtime: the services' body limit (./limits.ts) counts such a body
 * into a Request of its own made from it, which neither Next's request class nor
 * @hono/node-server's lightweight one (with the global classes left alone) can be made into.
 * Every other request is handed on as it is; nothing is buffered here.
 */
export function withCountableBody(request: Request): Request {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const declared = request.headers.has("content-length") && !request.headers.has("transfer-encoding");
  if (declared || request.body === null) return request;
  const init: RequestInit & { duplex: "half" } = { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: "half" };
  return new Request(request.url, init);
}
