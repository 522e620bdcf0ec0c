import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { signInFailures } from "@/lib/backend/db/schema";
import { servicesRequestHandler } from "@/lib/backend/http/portal-mount";
import { CappedRequest, prepareRequest } from "@/lib/security/incoming";
import { OutageAwareResponse } from "@/lib/server/outage-response";
import { OPEN_TIMEOUT, registerUser, startBackend, stopBackend } from "./support/harness";
import { rawRequest } from "./support/remote";

/**
 * The API as the portal's own server answers it in production (lib/server/portal-server.ts):
 * the portal's request and response classes and its preparation of each request, then the
 * services' Hono app without Next (lib/backend/http/portal-mount.ts). Called from other
 * loopback addresses, as remote clients would.
 */
let server: http.Server;
let port: number;
beforeAll(async () => {
  await startBackend({ TRUST_PROXY: "0" });
  const services = servicesRequestHandler();
  server = http.createServer({ IncomingMessage: CappedRequest, ServerResponse: OutageAwareResponse }, (request, response) => {
    if (!prepareRequest(request, response, { trustProxy: false, pageHeaders: () => ({}) })) return;
    if (services.takes(request)) return void services.answer(request, response);
    response.writeHead(404).end();
  });
  port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}, OPEN_TIMEOUT);
afterAll(async () => {
  await new Promise((done) => server?.close(done));
  await stopBackend();
});

test("only /v1/** and /v2/** are the API's; every answer says nosniff, and the paths that may carry a ticket send no referrer", async () => {
  const services = servicesRequestHandler();
  const at = (url: string) => services.takes({ url });
  expect([at("/v1/login"), at("/v2/x"), at("/en/login"), at("/v1"), at("/api/profile"), at("/oidc/token")]).toEqual([true, true, false, false, false, false]);
  const plain = await rawRequest({ port, localAddress: "127.0.0.2", method: "GET", path: "/v1/user/fullinfo" });
  expect({ status: plain.status, code: (JSON.parse(plain.text) as { code: number }).code }).toEqual({ status: 401, code: 20101 });
  expect(plain.headers).toMatchObject({ "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" });
  const oauth = await rawRequest({ port, localAddress: "127.0.0.2", method: "GET", path: "/v1/oauth/google/auth?op=login" });
  expect(oauth.headers["referrer-policy"]).toBe("no-referrer");
});

test("the caller is the socket: a forged X-Forwarded-For from 127.0.0.3 is not believed", async () => {
  await registerUser("mounted@example.com");
  const answer = await rawRequest({
    port,
    localAddress: "127.0.0.3",
    method: "POST",
    path: "/v1/login",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.9" },
    body: JSON.stringify({ email: "mounted@example.com", password: "Wrong-password-1" }),
  });
  expect((JSON.parse(answer.text) as { code: number }).code).toBe(20205);
  const db = await getDb();
  const rows = await db.select({ ip: signInFailures.ip }).from(signInFailures).where(eq(signInFailures.email, "mounted@example.com"));
  expect(rows.map((row) => row.ip)).toEqual(["127.0.0.3"]);
});

test("a declared body over the cap is refused before it is read (413, 10002); malformed JSON is 400, 10001", async () => {
  const big = await rawRequest({ port, localAddress: "127.0.0.4", method: "POST", path: "/v1/login", headers: { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) } });
  // the portal server's own refusal, in the services' envelope their callers read (lib/security/incoming.ts)
  expect({ status: big.status, body: JSON.parse(big.text) as unknown }).toEqual({ status: 413, body: { code: 10002, message: "Information out of limit." } });
  const bad = await rawRequest({ port, localAddress: "127.0.0.4", method: "POST", path: "/v1/login", headers: { "content-type": "application/json" }, body: "{email: oops" });
  expect({ status: bad.status, code: (JSON.parse(bad.text) as { code: number }).code }).toEqual({ status: 400, code: 10001 });
});

test("a body without a declared length (chunked, or none at all) and a method the path does not have are a 4xx, never a 500", async () => {
  const code = (text: string) => (JSON.parse(text) as { code: number }).code;
  const chunked = await rawRequest({ port, localAddress: "127.0.0.5", method: "POST", path: "/v1/login", headers: { "content-type": "application/json", "transfer-encoding": "chunked" }, body: JSON.stringify({ email: "mounted@example.com", password: "Wrong-password-1" }) });
  expect({ status: chunked.status, code: code(chunked.text) }).toEqual({ status: 401, code: 20205 });
  const empty = await rawRequest({ port, localAddress: "127.0.0.5", method: "POST", path: "/v1/login" });
  expect({ status: empty.status, code: code(empty.text) }).toEqual({ status: 400, code: 10001 });
  for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
    const other = await rawRequest({ port, localAddress: "127.0.0.5", method, path: "/v1/login" });
    expect({ method, status: other.status }).toEqual({ method, status: 404 });
  }
});
