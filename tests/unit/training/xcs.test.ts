/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { activateXcs, XCS_TIMEOUT_MS } from "@/lib/upstream/xcs";

/**
 * XCS activation (SPEC §7) against a fake XCS on loopback: it records what it gets and answers,
 * fails, or stalls without answering.
 */
type Mode = "answer" | "fail" | "stall";
let mode: Mode = "answer";
const received: { method: string | undefined; type: string | undefined; body: string }[] = [];
const stalled: ServerResponse[] = [];
/** Resolved as the fake XCS records a request (at once when it has one already). */
const waiting: Array<() => void> = [];
const aRequestArrived = () => new Promise<void>((resolve) => (received.length > 0 ? resolve() : waiting.push(resolve)));
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ method: request.method, type: request.headers["content-type"], body });
      for (const resolve of waiting.splice(0)) resolve();
      if (mode === "stall") return void stalled.push(response);
      response.writeHead(mode === "answer" ? 200 : 500, { "content-type": "application/json" }).end('{"code":0}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/activate`;
});

afterAll(async () => {
  for (const response of stalled) response.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

it("posts {token} as JSON and reports success", async () => {
  mode = "answer";
  expect(await activateXcs("the-utoken", { url })).toEqual({ status: "ok" });
  expect(received).toEqual([{ method: "POST", type: "application/json", body: '{"token":"the-utoken"}' }]);
});

it("is off without XCS_API_URL, and sends nothing", async () => {
  expect(await activateXcs("the-utoken", { url: null })).toEqual({ status: "off" });
  expect(received).toEqual([]);
});

it("a stalling XCS is given up after the timeout with 1002, and the timeout is 10 s", async () => {
  mode = "stall";
  const started = Date.now();
  expect(await activateXcs("the-utoken", { url, timeoutMs: 1000 })).toEqual({ status: "failed", code: 1002 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  // on a busy machine the stalled request may reach the fake XCS a moment later
  await aRequestArrived();
  expect(received).toHaveLength(1);
  expect(XCS_TIMEOUT_MS).toBe(10_000);
});

it("an error answer is a failure the flow reports, not a thrown error", async () => {
  mode = "fail";
  expect(await activateXcs("the-utoken", { url })).toEqual({ status: "failed", code: 10000 });
});
