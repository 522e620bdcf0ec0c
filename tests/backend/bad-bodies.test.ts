import http from "node:http";
import { count } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { emailNonces, sessions, signInFailures, users } from "@/lib/backend/db/schema";
import { handleInNext } from "@/lib/backend/http/next";
import { captureLog, envelope, OPEN_TIMEOUT, registerUser, startBackend, stopBackend } from "./support/harness";
import { rawRequest, startRemote, type Remote } from "./support/remote";

/**
 * Bodies an attacker sends, over a real socket (the standalone server) and through the portal's
 * route handlers (handleInNext): refused with a 4xx at the limit, never buffered whole, never a
 * 500, and nothing in the database changes.
 */
let remote: Remote;
let token: string;
beforeAll(async () => {
  await startBackend({ TRUST_PROXY: "0" });
  remote = await startRemote();
  token = (await registerUser("uploader@example.com")).utoken;
}, OPEN_TIMEOUT);
afterAll(async () => {
  await remote?.server.close();
  await stopBackend();
});

async function counts() {
  const db = await getDb();
  const one = async (table: typeof users | typeof sessions | typeof emailNonces | typeof signInFailures) => (await db.select({ n: count() }).from(table))[0]?.n;
  return { users: await one(users), sessions: await one(sessions), nonces: await one(emailNonces), failures: await one(signInFailures) };
}

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

/** Streams up to `total` bytes chunked (no Content-Length) until the server answers; what it answered and how much went out. */
function chunkedFlood(port: number, total: number): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({ host: "127.0.0.1", port, localAddress: "127.0.0.2", method: "POST", path: "/v1/login", headers: { "content-type": "application/json" }, agent: false });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), sent });
      });
    });
    // the server may close its side once it has answered
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

test("a chunked body of 100+ MB to /v1/login is refused with 10002 at the limit, and the server's memory stays flat", async () => {
  const before = await counts();
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  for (let round = 0; round < 3; round++) {
    const answer = await chunkedFlood(remote.server.port, 110 * MB);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 10002 });
    // refused long before the end: the rest was never read
    expect(answer.sent).toBeLessThan(110 * MB);
  }
  // 330 MB were offered; what stays is noise (the 64 KB limit, sockets, the test's own buffers)
  expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(40 * MB);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(120 * MB);
  expect(await counts()).toEqual(before);
});

test("through the portal's route handler too: a streamed body is read only up to the limit", async () => {
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += CHUNK.length;
      if (pulled > 110 * MB) controller.close();
      else controller.enqueue(new Uint8Array(CHUNK));
    },
  });
  const request = new Request("http://127.0.0.1:3000/v1/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-passport-peer": "127.0.0.2" },
    body: endless,
    duplex: "half",
  } as RequestInit);
  expect(await envelope(await handleInNext(request))).toMatchObject({ status: 400, code: 10002 });
  expect(pulled).toBeLessThan(2 * MB);
});

test("through the route handler, a body of declared length is judged by its header: over the limit unread, under it signed in", async () => {
  const before = await counts();
  let pulled = 0;
  const unread = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += CHUNK.length;
      controller.enqueue(new Uint8Array(CHUNK));
    },
  });
  const declared = (body: BodyInit, length: number) =>
    new Request("http://127.0.0.1:3000/v1/login", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(length), "x-passport-peer": "127.0.0.2" },
      body,
      duplex: "half",
    } as RequestInit);
  expect(await envelope(await handleInNext(declared(unread, 100 * MB)))).toMatchObject({ status: 400, code: 10002 });
  // at most what the stream had queued before the answer: nothing was read
  expect(pulled).toBeLessThanOrEqual(CHUNK.length);
  expect(await counts()).toEqual(before);

  const email = "declared@example.com";
  await registerUser(email);
  const body = JSON.stringify({ email, password: "secret-pass1" });
  expect(await envelope(await handleInNext(declared(body, Buffer.byteLength(body))))).toMatchObject({ status: 200, code: 0 });
});

test("deep JSON is a 4xx, never a 500: 100 000 levels are over the limit (10002), 30 000 levels under it are invalid (10001)", async () => {
  const before = await counts();
  const deep = (levels: number) => `${'{"email":'.repeat(levels)}1${"}".repeat(levels)}`;
  const client = remote.from("127.0.0.3");
  const send = (body: string) => rawRequest({ port: remote.server.port, localAddress: "127.0.0.3", method: "POST", path: "/v1/login", headers: { "content-type": "application/json" }, body });
  const huge = await send(deep(100_000));
  expect(huge.status).toBe(400);
  expect(JSON.parse(huge.text)).toMatchObject({ code: 10002 });
  const nested = deep(6_000);
  expect(nested.length).toBeLessThan(64 * 1024);
  const invalid = await send(nested);
  expect(invalid.status).toBe(400);
  expect(JSON.parse(invalid.text)).toMatchObject({ code: 10001 });
  const arrays = await send(`${"[".repeat(30_000)}${"]".repeat(30_000)}`);
  expect(JSON.parse(arrays.text)).toMatchObject({ code: 10001 });
  // and through the route handler
  const viaNext = new Request("http://127.0.0.1:3000/v1/login", { method: "POST", headers: { "content-type": "application/json" }, body: nested });
  expect(await envelope(await handleInNext(viaNext))).toMatchObject({ status: 400, code: 10001 });
  expect((await client.call("POST", "/v1/verify/email", { body: { email: "after@example.com" } })).code).toBe(0);
  expect((await counts()).users).toBe(before.users);
});

test("a body that is not JSON, or no body at all → 10001", async () => {
  const before = await counts();
  for (const [body, type] of [["{email: oops", "application/json"], ["email=a%40b.c&password=x", "application/x-www-form-urlencoded"], ["", "application/json"], ["\u0000\u0001binary", "application/octet-stream"]]) {
    const answer = await rawRequest({ port: remote.server.port, localAddress: "127.0.0.4", method: "POST", path: "/v1/register", headers: { "content-type": type ?? "" }, body });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 10001 });
    const viaNext = new Request("http://127.0.0.1:3000/v1/register", { method: "POST", headers: { "content-type": type ?? "" }, body });
    expect(await envelope(await handleInNext(viaNext))).toMatchObject({ status: 400, code: 10001 });
  }
  expect(await counts()).toEqual(before);
});

test("a malformed multipart upload to /v1/user/headpic → 10001, the avatar unchanged", async () => {
  const before = await counts();
  const cases: Array<[string, string]> = [
    ["multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\"headpic\"; filename=\"a.png\"\r\n\r\nno closing boundary"],
    ["multipart/form-data", "--xyz\r\n\r\n--xyz--"],
    ["multipart/form-data; boundary=xyz", "garbage without any boundary"],
    ["multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nvalue\r\n--xyz--\r\n"],
  ];
  for (const [type, body] of cases) {
    const answer = await rawRequest({ port: remote.server.port, localAddress: "127.0.0.5", method: "PATCH", path: "/v1/user/headpic", headers: { "content-type": type, utoken: token }, body });
    expect({ status: answer.status, code: (JSON.parse(answer.text) as { code: number }).code }).toEqual({ status: 400, code: 10001 });
    const viaNext = new Request("http://127.0.0.1:3000/v1/user/headpic", { method: "PATCH", headers: { "content-type": type, utoken: token }, body });
    expect(await envelope(await handleInNext(viaNext))).toMatchObject({ status: 400, code: 10001 });
  }
  const info = await remote.from("127.0.0.5").call("GET", "/v1/user/fullinfo", { headers: { utoken: token } });
  expect(info.data?.headpic ?? null).toBeNull();
  expect(await counts()).toEqual(before);
});

test("a client that gives up mid-upload is one warning line without a stack; a real fault keeps its stack (http.test)", async () => {
  const { lines } = await captureLog(async (heard) => {
    // the server has the request (its headers and the start of its body) and is reading the rest
    const server = remote.server.server;
    if (!(server instanceof http.Server)) throw new Error("the services serve HTTP/1.1 here");
    const arrived = new Promise<void>((resolve) => {
      const onRequest = (request: http.IncomingMessage) => {
        if (request.socket.remoteAddress !== "127.0.0.6") return;
        server.off("request", onRequest);
        resolve();
      };
      server.on("request", onRequest);
    });
    const socket = await new Promise<import("node:net").Socket>((resolve) => {
      const request = http.request({
        host: "127.0.0.1",
        port: remote.server.port,
        localAddress: "127.0.0.6",
        method: "PATCH",
        path: "/v1/user/headpic",
        headers: { "content-type": "multipart/form-data; boundary=xyz", "content-length": String(2 * MB), utoken: token },
        agent: false,
      });
      request.on("error", () => undefined);
      request.on("socket", (s) => s.on("connect", () => resolve(s)));
      request.write(`--xyz\r\nContent-Disposition: form-data; name="headpic"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
      request.write(Buffer.alloc(256 * 1024, 1));
    });
    await arrived;
    socket.destroy();
    // the server notices the closed socket while it reads the body, and says so
    await heard((line) => line.msg === "client closed the request");
  }, "warn");
  const aborted = lines.filter((line) => line.msg === "client closed the request");
  expect(aborted).toEqual([expect.objectContaining({ level: 40, route: "/v1/user/headpic", status: 499 })]);
  expect(JSON.stringify(lines)).not.toMatch(/"stack"/);
  expect(lines.filter((line) => line.level === 50)).toEqual([]);
});

test("a DELETE whose JSON body has no length (read as a second, malformed request) gets the envelope, not an empty 400", async () => {
  // Node's own client sends a DELETE's body without Content-Length, as a careless caller would
  const unframed = await rawRequest({ port: remote.server.port, localAddress: "127.0.0.2", method: "DELETE", path: "/v1/user/device/laptop", headers: { "content-type": "application/json", utoken: token }, body: '{"why":"gone"}' });
  expect(unframed.status).toBe(400);
  expect(unframed.headers["content-type"]).toBe("application/json");
  expect(JSON.parse(unframed.text)).toEqual({ code: 10001, message: "Invalid request parameters." });
  // with its length, the same body is a body, and the route answers as it does without one
  const framed = await rawRequest({ port: remote.server.port, localAddress: "127.0.0.2", method: "DELETE", path: "/v1/user/device/laptop", headers: { "content-type": "application/json", "content-length": "14", utoken: token }, body: '{"why":"gone"}' });
  expect(JSON.parse(framed.text)).toMatchObject({ code: expect.any(Number) });
  expect(framed.status).not.toBe(400);
});
