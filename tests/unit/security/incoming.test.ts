/**
 * @jest-environment node
 */
import http from "node:http";
import { patchServer } from "@/lib/security/incoming";

/**
 * The app's Node server before Next: what it adds to and removes from a request and its answer
 * (lib/security/incoming.ts), on a server class of the test's own (the real http.Server is
 * patched only at the app's start).
 */
class GuardedServer extends http.Server {}
patchServer(GuardedServer.prototype, { trustProxy: false, pageHeaders: () => ({ "Content-Security-Policy": "frame-ancestors 'self'", "X-Frame-Options": "SAMEORIGIN" }) });

let server: GuardedServer;
let base: string;
let seen: http.IncomingHttpHeaders = {};

beforeAll(async () => {
  server = new GuardedServer((request, response) => {
    seen = request.headers;
    response.setHeader("content-type", "text/plain");
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the test server has no port");
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("the app's server before Next", () => {
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

  it("refuses a declared body over the cap without reading it", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/v1/login`, { method: "POST", headers: { "content-type": "application/json", "content-length": String(3 * 1024 * 1024) }, agent: false });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      request.write("{");
    });
    expect(status).toBe(413);
  });
});
