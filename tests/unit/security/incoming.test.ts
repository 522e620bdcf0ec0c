/**
 * @jest-environment node
 */
import http from "node:http";
import { CappedRequest, prepareRequest } from "@/lib/security/incoming";
import { closeServer, listenOnLoopback } from "../support/loopback-server";

/**
 * The portal's server before Next: what it adds to and removes from a request and its answer,
 * and how it caps bodies (lib/security/incoming.ts), on a server made the way the portal's
 * server makes its own (lib/server/portal-server.ts), with a stand-in for Next behind it.
 */
const options = { trustProxy: false, pageHeaders: () => ({ "Content-Security-Policy": "frame-ancestors 'self'", "X-Frame-Options": "SAMEORIGIN" }) };
let received = 0;

let server: http.Server;
let base: string;
let seen: http.IncomingHttpHeaders = {};

beforeAll(async () => {
  server = http.createServer({ IncomingMessage: CappedRequest }, (request, response) => {
    if (!prepareRequest(request, response, options)) return;
    seen = request.headers;
    // the stand-in for Next reads the whole body, as a route or an action would
    request.on("data", (chunk: Buffer) => (received += chunk.length));
    request.on("end", () => {
      // a header set later (by the proxy or Next) wins over the default page headers
      if (request.url === "/en/own-policy") response.setHeader("Content-Security-Policy", "script-src 'nonce-abc'");
      response.setHeader("content-type", "text/plain");
      response.end("ok");
    });
  });
  base = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));

describe("the portal's server before Next", () => {
  it.each(["/en/login", "/", "/zh/profile/settings?x=1", "/announcement"])("gives the page %s the security headers", async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'self'");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(await response.text()).toBe("ok");
  });

  it.each(["/v1/login", "/api/avatar", "/_next/static/chunks/a.js", "/robots.txt"])("leaves %s (not a page) without them", async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-frame-options")).toBeNull();
  });

  it("records the socket's address and drops forwarded headers no proxy vouches for", async () => {
    await fetch(`${base}/en/login`, { headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-host": "evil.example", "x-passport-peer": "203.0.113.9" } });
    expect(seen["x-passport-peer"]).toBe("127.0.0.1");
    expect(seen["x-forwarded-for"]).toBeUndefined();
    expect(seen["x-forwarded-host"]).toBeUndefined();
  });

  /** A POST that declares `bytes` and sends one: the status and body of the answer. */
  function declare(path: string, bytes: number, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", "content-length": String(bytes), ...headers }, agent: false });
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown });
          request.destroy();
        });
      });
      request.on("error", reject);
      request.write("{");
    });
  }

  it("refuses a declared body over the cap without reading it, in the envelope the path's callers read", async () => {
    const before = received;
    // the services' API: their envelope, in the caller's `lang`
    expect(await declare("/v1/login", 3 * 1024 * 1024)).toEqual({ status: 413, body: { code: 10002, message: "Information out of limit." } });
    expect(await declare("/v2/user/login", 3 * 1024 * 1024, { lang: "zh-CN" })).toEqual({ status: 413, body: { code: 10002, message: "信息超出限制。" } });
    // anything else: the portal's, in the path's language
    expect(await declare("/zh/login", 3 * 1024 * 1024)).toEqual({ status: 413, body: { ok: false, error: { code: 10002 }, message: "信息超出限制" } });
    expect(received).toBe(before);
  });

  it("lets a header the proxy or Next sets on the response win over the default one", async () => {
    const response = await fetch(`${base}/en/own-policy`);
    expect(response.headers.get("content-security-policy")).toBe("script-src 'nonce-abc'");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("reads a chunked body under the cap whole, and cuts the connection of one past it", async () => {
    received = 0;
    const small = await fetch(`${base}/v1/login`, { method: "POST", body: streamOf(1024 * 1024), duplex: "half" } as RequestInit);
    expect(small.status).toBe(200);
    expect(received).toBe(1024 * 1024);

    received = 0;
    const outcome = await fetch(`${base}/v1/login`, { method: "POST", body: streamOf(50 * 1024 * 1024), duplex: "half" } as RequestInit).then(
      (response) => `answered ${response.status}`,
      () => "connection cut",
    );
    expect(outcome).toBe("connection cut");
    // the reader never got past the cap (2 MB for this path)
    expect(received).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});

/** A body of `total` bytes sent in 64 KB chunks without a declared length. */
function streamOf(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
}
