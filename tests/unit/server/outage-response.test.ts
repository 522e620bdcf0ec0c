/**
 * @jest-environment node
 */
import http from "node:http";
import { OutageAwareResponse, withOutageStatus } from "@/lib/server/outage-response";
import { reportOutage } from "@/lib/upstream/outage";
import { closeServer, listenOnLoopback } from "../support/loopback-server";

/**
 * A page that failed while the services were out of service answers 503 with Retry-After, not
 * 500 (lib/server/outage-response.ts), on a server made as the portal's server makes its own,
 * with a stand-in for Next that "renders" after an await, as a page's data call does.
 */
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer({ ServerResponse: OutageAwareResponse }, (request, response) => {
    const url = new URL(request.url ?? "/", "http://portal.test");
    void withOutageStatus(response, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (url.searchParams.has("outage")) reportOutage();
      await Promise.resolve();
      response.statusCode = Number(url.searchParams.get("status") ?? 200);
      response.end("page");
    });
  });
  base = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));

it("answers 503 with Retry-After when a page failed after the services were found out of service", async () => {
  const response = await fetch(`${base}/en/profile?outage&status=500`);
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(await response.text()).toBe("page");
});

it("keeps a 500 that no outage explains, and the status of a page that rendered", async () => {
  const failed = await fetch(`${base}/en/profile?status=500`);
  expect(failed.status).toBe(500);
  expect(failed.headers.get("retry-after")).toBeNull();
  const rendered = await fetch(`${base}/en/profile?outage&status=200`);
  expect(rendered.status).toBe(200);
});

it("marks only the request whose call found the outage", async () => {
  const [withOutage, without] = await Promise.all([fetch(`${base}/a?outage&status=500`), fetch(`${base}/b?status=500`)]);
  expect(withOutage.status).toBe(503);
  expect(without.status).toBe(500);
});

it("does nothing outside a request (a report with no page behind it)", () => {
  expect(() => reportOutage()).not.toThrow();
});
