/** @jest-environment node */
import { createServer } from "node:net";
import { delay, http, HttpResponse, passthrough, type JsonBodyType } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod";
import type { AppHeaders } from "@/lib/contract/headers";
import { UpstreamError } from "@/lib/upstream/errors";
import { upstreamFetch, type UpstreamRequest } from "@/lib/upstream/fetcher";
import { registerTransport } from "@/lib/upstream/transport";
import { resetPortalConfig } from "@/lib/config";

const BASE = "http://passport.test/api";
const app: AppHeaders = { code: "atomm", system: "web-pc", appVersion: "2.6.1", origin: "atomm_web" };
const greeting = z.object({ hello: z.string() });

function call(overrides: Partial<UpstreamRequest<{ hello: string }>> = {}) {
  return upstreamFetch({ service: "passport", method: "GET", path: "/v1/hello", lang: "zh", app, schema: greeting, ...overrides });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

/** A loopback port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;

beforeAll(() => {
  // trailing slash on purpose: the base and the contract path must join with one slash
  process.env.PASSPORT_API_URL = `${BASE}/`;
  server.listen({ onUnhandledFrame: "error" });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

describe("upstreamFetch sends the request of SPEC §7", () => {
  it("sends every contract header with the caller's values", async () => {
    let seen: Headers | undefined;
    server.use(
      http.get(`${BASE}/v1/hello`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ code: 0, data: { hello: "world" } });
      }),
    );

    await call({ token: "tok-123", client: { ip: "203.0.113.7", userAgent: "Mozilla/5.0 Test" } });

    expect(Object.fromEntries(seen?.entries() ?? [])).toMatchObject({
      "content-type": "application/json",
      utoken: "tok-123",
      lang: "zh",
      code: "atomm",
      system: "web-pc",
      passportversion: "1.11.19",
      appversion: "2.6.1",
      origin: "atomm_web",
      "x-app-code": "atomm",
      "x-app-platform": "web-pc",
      "x-app-version": "2.6.1",
      "x-app-origin": "atomm_web",
      "x-client-ip": "203.0.113.7",
      "x-client-user-agent": "Mozilla/5.0 Test",
    });
  });

  it("leaves out the token and forwarded client headers when there are none", async () => {
    let seen: Headers | undefined;
    server.use(
      http.get(`${BASE}/v1/hello`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ code: 0, data: { hello: "world" } });
      }),
    );

    await call();

    expect(seen?.has("utoken")).toBe(false);
    expect(seen?.has("x-client-ip")).toBe(false);
    expect(seen?.has("x-client-user-agent")).toBe(false);
  });

  it("sends the body as JSON and the query parameters that have a value", async () => {
    let received: { url: string; body: unknown } | undefined;
    server.use(
      http.post(`${BASE}/v1/hello`, async ({ request }) => {
        received = { url: request.url, body: await request.json() };
        return HttpResponse.json({ code: 0, data: { hello: "posted" } });
      }),
    );

    await call({ method: "POST", body: { email: "ada@example.com" }, query: { page: 2, size: undefined, q: "a b" } });

    expect(received?.body).toEqual({ email: "ada@example.com" });
    const url = new URL(received?.url ?? "");
    expect([...url.searchParams]).toEqual([
      ["page", "2"],
      ["q", "a b"],
    ]);
  });
});

describe("upstreamFetch reads the {code, data, message} envelope", () => {
  it("returns the parsed data of a code-0 response", async () => {
    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ code: 0, data: { hello: "world", extra: 1 } })));

    await expect(call()).resolves.toEqual({ hello: "world" });
  });

  it("throws an UpstreamError with the envelope's code and message for any other code", async () => {
    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ code: 20205, message: "Incorrect account or password" })));

    const error = await failure(call());

    expect(error).toMatchObject({ code: 20205, message: "Incorrect account or password", httpStatus: 401 });
  });

  it("keeps the envelope's code and the HTTP status of an error response", async () => {
    server.use(
      http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ code: 20101, message: "Login has expired" }, { status: 401 })),
    );

    await expect(failure(call())).resolves.toMatchObject({ code: 20101, httpStatus: 401 });
  });

  it("exposes how long to wait when the upstream throttles with HTTP 429", async () => {
    server.use(
      http.get(`${BASE}/v1/hello`, () =>
        HttpResponse.json({ code: 10004, message: "Too many requests", data: { retryAfter: 42 } }, { status: 429 }),
      ),
    );

    await expect(failure(call())).resolves.toMatchObject({ code: 10004, httpStatus: 429, retryAfter: 42 });
  });

  it("treats an HTML page as an invalid response (10000)", async () => {
    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.html("<!doctype html><h1>Bad gateway</h1>", { status: 502 })));

    await expect(failure(call())).resolves.toMatchObject({ code: 10000, httpStatus: 502 });
  });

  it("treats broken JSON and a body without a code as invalid responses (10000)", async () => {
    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.text('{"code": 0, "data":')));
    await expect(failure(call())).resolves.toMatchObject({ code: 10000 });

    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ data: { hello: "world" } })));
    await expect(failure(call())).resolves.toMatchObject({ code: 10000 });
  });

  it("does not follow a redirect, so the token never reaches another host", async () => {
    let reachedOtherHost = false;
    server.use(
      http.get(`${BASE}/v1/hello`, () => new HttpResponse(null, { status: 302, headers: { location: "http://elsewhere.test/steal" } })),
      http.get("http://elsewhere.test/steal", () => {
        reachedOtherHost = true;
        return HttpResponse.json({ code: 0, data: { hello: "stolen" } });
      }),
    );

    await expect(failure(call({ token: "tok-123" }))).resolves.toMatchObject({ code: 10000 });
    expect(reachedOtherHost).toBe(false);
  });

  it("treats success data that does not match the contract as an invalid response (10000)", async () => {
    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ code: 0, data: { hello: 42 } })));

    await expect(failure(call())).resolves.toMatchObject({ code: 10000 });
  });
});

/**
 * Answers GET /v1/hello after `ms`; resolves once that late answer is given. A test awaits it, so
 * no handler is still running when the file ends (msw's interception is shared by the test
 * files of one worker, and a late answer could meet the next file's first request).
 */
/**
 * The service answers after `ms`. What it gives back waits for that answer once the request
 * reached it: on a loaded machine a short timeout can abort the request before it does, and
 * then there is no answer to wait for (waiting anyway hung the test until jest's time limit).
 */
function slowAnswer(ms: number, body: JsonBodyType): () => Promise<void> {
  let reached = false;
  let done: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (done = resolve));
  server.use(
    http.get(`${BASE}/v1/hello`, async () => {
      reached = true;
      await delay(ms);
      done();
      return HttpResponse.json(body);
    }),
  );
  return () => (reached ? answered : Promise.resolve());
}

describe("upstreamFetch maps network failures to the codes of SPEC §8", () => {
  it("reports an unreachable service (connection refused) as 1000", async () => {
    const origin = `http://127.0.0.1:${await closedPort()}`;
    server.use(http.all(`${origin}/*`, () => passthrough()));
    process.env.PASSPORT_API_URL = origin;
    try {
      await expect(failure(call())).resolves.toMatchObject({ code: 1000, message: "Network connection failed", httpStatus: 503 });
    } finally {
      process.env.PASSPORT_API_URL = BASE;
    }
  });

  it("tells a timeout apart from other network errors, keeping the code 1002", async () => {
    const answered = slowAnswer(300, { code: 0, data: {} });
    const timedOut = await failure(call({ timeoutMs: 30 }));
    expect(timedOut).toMatchObject({ code: 1002, timedOut: true, message: "Request timed out" });
    await answered();
  });

  it("reports a network error without a known cause as 1002", async () => {
    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.error()));

    await expect(failure(call())).resolves.toMatchObject({ code: 1002 });
  });

  it("gives up after timeoutMs and reports 1002", async () => {
    const answered = slowAnswer(300, { code: 0, data: { hello: "too late" } });
    await expect(failure(call({ timeoutMs: 50 }))).resolves.toMatchObject({ code: 1002 });
    await answered();
  });
});

describe("the embedded services in this process", () => {
  const answer = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  let seen: Request[] = [];

  beforeEach(() => {
    seen = [];
    registerTransport(async (request) => {
      seen.push(request);
      return answer({ code: 0, data: { hello: "in process" } });
    });
  });
  afterEach(() => {
    registerTransport(null);
    process.env.PASSPORT_API_URL = `${BASE}/`;
    resetPortalConfig();
  });

  it("are called directly, with the same address, headers and body as over HTTP", async () => {
    delete process.env.PASSPORT_API_URL;
    resetPortalConfig();
    await expect(call({ method: "POST", body: { a: 1 }, token: "t".repeat(32) })).resolves.toEqual({ hello: "in process" });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(new URL(request?.url ?? "").pathname).toBe("/v1/hello");
    expect(request?.headers.get("utoken")).toBe("t".repeat(32));
    expect(await request?.json()).toEqual({ a: 1 });
  });

  it("are not used when the passport API is another origin", async () => {
    server.use(http.get(`${BASE}/v1/hello`, () => HttpResponse.json({ code: 0, data: { hello: "over http" } })));
    await expect(call()).resolves.toEqual({ hello: "over http" });
    expect(seen).toHaveLength(0);
  });

  it("still time out as 1002", async () => {
    delete process.env.PASSPORT_API_URL;
    resetPortalConfig();
    registerTransport(() => new Promise<Response>(() => undefined));
    await expect(failure(call({ timeoutMs: 50 }))).resolves.toMatchObject({ code: 1002, timedOut: true });
  });
});
