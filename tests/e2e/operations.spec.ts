import net from "node:net";
import { expect, test } from "@playwright/test";
import { OPERATIONS_PORT } from "../../playwright.config";
import { startOwnServer } from "./support/own-server";

/**
 * The production server as a balancer and an operator see it (docs/deploy.md): /healthz and
 * /readyz answer small JSON; /metrics only with the bearer token; on SIGTERM /readyz turns 503
 * at once while pages are still served for SHUTDOWN_DRAIN_SECONDS, and a request under
 * way when the signal came (its body still arriving) is answered before the server exits 0.
 */
const TOKEN = "operations-spec-metrics-token-0123456789";
/** Long enough for every check of the drain on a busy machine; the test ends it with a second SIGTERM. */
const DRAIN_SECONDS = 60;

/**
 * A POST whose body arrives in two parts. It asks `Expect: 100-continue`, so the server says
 * when it has the request (`arrived`: Node answers "100 Continue" on its headers); `answer`
 * resolves with the status line of the final answer.
 */
function slowPost(port: number, path: string, body: string): { arrived: Promise<void>; finish: () => void; answer: Promise<string> } {
  const socket = net.connect(port, "127.0.0.1");
  const half = Math.floor(body.length / 2);
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n${body.slice(0, half)}`);
  let received = "";
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const answer = new Promise<string>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (received.startsWith("HTTP/1.1 100 ")) arrive();
    });
    socket.on("end", () => resolve(received.replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, "").split("\r\n")[0] ?? ""));
    socket.on("error", reject);
  });
  return { arrived, finish: () => socket.write(body.slice(half)), answer };
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
    await underWay.arrived;
    // to the whole process group, as systemd sends it
    server.signal("SIGTERM");
    // once the server has taken the signal (its line), the first /readyz is 503: it turned at once
    await expect.poll(() => server.output()).toContain("draining: /readyz answers 503");
    expect((await request.get(`${base}/readyz`)).status()).toBe(503);
    // still serving during the drain
    expect((await request.get(`${base}/en/login`)).status()).toBe(200);
    underWay.finish();
    expect(await underWay.answer).toMatch(/^HTTP\/1\.1 (200|4\d\d) /);
  } finally {
    // a second SIGTERM ends the drain (an operator's second Ctrl-C), and the server stops cleanly
    expect(await server.stop()).toBe(0);
  }
  expect(server.output()).toContain("draining: /readyz answers 503");
  expect(server.output()).toContain(`"msg":"the services' database is closed"`);
  expect(server.output()).toContain('"msg":"stopped"');
  expect(server.output()).not.toContain(TOKEN);
});
