import net from "node:net";
import { expect, test } from "@playwright/test";
import { OPERATIONS_PORT } from "../../playwright.config";
import { startOwnServer } from "./support/own-server";

/**
 * The production server as a balancer and an operator see it (docs/deploy.md): /healthz and
 * /readyz answer small JSON; /metrics only with the bearer token; on SIGTERM /readyz turns 503
 * within a second while pages are still served for SHUTDOWN_DRAIN_SECONDS, and a request under
 * way when the signal came (its body still arriving) is answered before the server exits 0.
 */
const TOKEN = "operations-spec-metrics-token-0123456789";
const DRAIN_SECONDS = 3;

/** A POST whose body arrives in two parts; resolves with the status line of its answer. */
function slowPost(port: number, path: string, body: string): { finish: () => void; answer: Promise<string> } {
  const socket = net.connect(port, "127.0.0.1");
  const half = Math.floor(body.length / 2);
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`);
  let received = "";
  const answer = new Promise<string>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
    socket.on("end", () => resolve(received.split("\r\n")[0] ?? ""));
    socket.on("error", reject);
  });
  return { finish: () => socket.write(body.slice(half)), answer };
}

test("probes, metrics for operators only, and a drain on SIGTERM that loses no request", async ({ request }) => {
  test.setTimeout(300_000); // a start on a busy machine
  const base = `http://127.0.0.1:${OPERATIONS_PORT}`;
  const server = await startOwnServer(["-H", "127.0.0.1", "-p", String(OPERATIONS_PORT)], `${base}/readyz`, { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), METRICS_TOKEN: TOKEN });
  try {
    const health = await request.get(`${base}/healthz`);
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(await (await request.get(`${base}/readyz`)).json()).toEqual({ status: "ready", checks: { draining: false, database: "ok", redis: "none" } });

    expect((await request.get(`${base}/en/login`)).status()).toBe(200);
    expect((await request.get(`${base}/metrics`)).status()).toBe(401);
    const metrics = await request.get(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status()).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^passport_http_requests_total\{group="page",status="200"\} [1-9]/m);
    expect(text).toMatch(/^passport_db_pool_connections\{driver="pglite"\} 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);

    const underWay = slowPost(OPERATIONS_PORT, "/v1/login", JSON.stringify({ email: "nobody-here@example.test", password: "Not-the-password-1" }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    // to the whole process group, as systemd sends it
    server.signal("SIGTERM");
    await expect.poll(async () => (await request.get(`${base}/readyz`)).status(), { timeout: 1_000, intervals: [50] }).toBe(503);
    expect(Date.now() - signalled).toBeLessThan(1_000);
    // still serving during the drain
    expect((await request.get(`${base}/en/login`)).status()).toBe(200);
    underWay.finish();
    expect(await underWay.answer).toMatch(/^HTTP\/1\.1 (200|4\d\d) /);
  } finally {
    expect(await server.stop()).toBe(0);
  }
  expect(server.output()).toContain("draining: /readyz answers 503");
  expect(server.output()).toContain(`"msg":"the services' database is closed"`);
  expect(server.output()).toContain('"msg":"stopped"');
  expect(server.output()).not.toContain(TOKEN);
});
