/**
 * @jest-environment node
 */
import http, { type IncomingMessage } from "node:http";
import { gzipSync, gunzipSync } from "node:zlib";
import { OutageAwareResponse } from "@/lib/server/outage-response";
import { PageReplay, PROXY_QUERY_KEYS, replayKeyOf } from "@/lib/server/page-replay";
import { config as proxyConfig } from "@/proxy";
import { closeServer, listenOnLoopback } from "../support/loopback-server";

/**
 * The sign-in pages' replay (lib/server/page-replay.ts) on a server made as the portal's server
 * makes its own: the response class, the security header set before Next, then a stand-in for
 * Next that answers a cached page as Next does (headers set one by one and in writeHead, the body
 * in chunks, gzipped when the client accepts it) and counts the visits it answered.
 */
const PAGE = "<!doctype html><html><body>" + "Log in ".repeat(4000) + "</body></html>";
let server: http.Server;
let base: string;
let nextVisits = 0;
/** what the stand-in says of its cache: the first render of a page and encoding is a MISS, as Next's is */
const rendered = new Set<string>();
const firstRenderMisses = (key: string) => (rendered.has(key) ? "HIT" : (rendered.add(key), "MISS"));
let cacheState: (key: string) => string = firstRenderMisses;
let extraHeaders: Record<string, string> = {};

function standInForNext(request: IncomingMessage, response: http.ServerResponse): void {
  nextVisits += 1;
  const url = new URL(request.url ?? "/", "http://portal.test");
  response.setHeader("x-nextjs-cache", cacheState(`${url.pathname} ${request.headers["accept-encoding"] ?? ""}`));
  for (const [name, value] of Object.entries(extraHeaders)) response.setHeader(name, value);
  const body = url.searchParams.has("p") ? `variant ${url.searchParams.get("p")}` : PAGE;
  const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "s-maxage=31536000", etag: '"page-1"', vary: "rsc, Accept-Encoding", ...(gzip ? { "content-encoding": "gzip" } : {}) });
  const bytes = gzip ? gzipSync(body) : Buffer.from(body);
  // in two chunks, the second as the end's
  response.write(bytes.subarray(0, 1000));
  response.end(bytes.subarray(1000));
}

beforeAll(async () => {
  const replay = new PageReplay();
  server = http.createServer({ ServerResponse: OutageAwareResponse }, (request, response) => {
    response.setHeader("content-security-policy", "default-src 'self'");
    const key = replayKeyOf(request);
    if (key !== null) {
      if (replay.answer(key, response)) return;
      replay.record(key, response);
    }
    standInForNext(request, response);
  });
  base = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));
beforeEach(() => {
  cacheState = firstRenderMisses;
  extraHeaders = {};
});

/** A raw GET (fetch would decompress, and sends its own Accept-Encoding). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

const PER_RESPONSE = ["date", "connection", "keep-alive", "transfer-encoding", "content-length"];
const pageHeaders = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.includes(name)));

it("answers a plain visit with Next's cached answer, the same bytes and headers, once Next answered it from its cache", async () => {
  const before = nextVisits;
  const first = await get("/zh/findpwd"); // Next renders it (MISS): not kept
  const second = await get("/zh/findpwd"); // Next's cache hit: kept
  const third = await get("/zh/findpwd?o=app&l=zh"); // parameters the page's script reads: the same page
  const fourth = await get("/zh/findpwd");
  expect(nextVisits - before).toBe(2);
  for (const answer of [first, second, third, fourth]) {
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(PAGE);
  }
  expect(pageHeaders(third.headers)).toEqual(pageHeaders(second.headers));
  expect(pageHeaders(fourth.headers)).toMatchObject({ "content-security-policy": "default-src 'self'", etag: '"page-1"', "x-nextjs-cache": "HIT", "content-type": "text/html; charset=utf-8" });
  expect(fourth.headers["content-length"]).toBe(String(Buffer.byteLength(PAGE)));
});

it("keeps the compressed answer apart from the plain one, by the Accept-Encoding asked", async () => {
  const before = nextVisits;
  const encoding = { "accept-encoding": "gzip, deflate, br, zstd" };
  await get("/en/register", encoding);
  const kept = await get("/en/register", encoding);
  const replayed = await get("/en/register", encoding);
  const plain = await get("/en/register");
  expect(nextVisits - before).toBe(3); // the MISS, the hit kept, and the plain visit's MISS
  expect(replayed.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(replayed.body).toString()).toBe(PAGE);
  expect(replayed.body.equals(kept.body)).toBe(true);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString()).toBe(PAGE);
});

it("sends every visit the proxy would see to Next: a session, a launch parameter, a frame, a body, Next's own requests, a conditional one", async () => {
  await get("/en/login");
  await get("/en/login"); // kept from here on
  const cases: Record<string, string>[] = [
    { cookie: "theme=dark; utoken=abc" },
    { "sec-fetch-dest": "iframe" },
    { rsc: "1" },
    { "next-router-prefetch": "1" },
    { "if-none-match": '"page-1"' },
    { "next-action": "abc" },
  ];
  for (const headers of cases) {
    const before = nextVisits;
    await get("/en/login", headers);
    expect({ headers, toNext: nextVisits - before }).toEqual({ headers, toNext: 1 });
  }
  for (const key of PROXY_QUERY_KEYS) {
    const before = nextVisits;
    await get(`/en/login?${key}=x`);
    expect({ key, toNext: nextVisits - before }).toEqual({ key, toNext: 1 });
  }
  const before = nextVisits;
  await get("/en/login", { cookie: "theme=dark" });
  expect(nextVisits - before).toBe(0);
});

it("keeps no answer that set a cookie or was no cache hit of Next's", async () => {
  cacheState = () => "HIT";
  extraHeaders = { "set-cookie": "NEXT_LOCALE=en; Path=/" };
  const before = nextVisits;
  await get("/en/login-business");
  await get("/en/login-business");
  expect(nextVisits - before).toBe(2);
  extraHeaders = {};
  cacheState = () => "STALE";
  await get("/zh/login-business");
  await get("/zh/login-business");
  expect(nextVisits - before).toBe(4);
});

it("takes only what proxy.ts's matcher lets past the proxy: each of its conditions on a sign-in page is a visit for Next", () => {
  const request = (url: string, headers: Record<string, string> = {}) => ({ method: "GET", url, headers }) as unknown as IncomingMessage;
  expect(replayKeyOf(request("/en/login"))).not.toBeNull();
  expect(replayKeyOf(request("/en/profile/settings"))).toBeNull();
  expect(replayKeyOf({ ...request("/en/login"), method: "HEAD" } as IncomingMessage)).toBeNull();
  let conditions = 0;
  for (const entry of proxyConfig.matcher) {
    if (typeof entry === "string") continue;
    // the pages of each entry are the pages the replay takes, plainly visited
    const [, langs = "", pages = ""] = /^\/:lang\(([^)]*)\)\/:page\(([^)]*)\)$/.exec(entry.source) ?? [];
    for (const lang of langs.split("|")) for (const page of pages.split("|")) expect({ page: `/${lang}/${page}`, key: replayKeyOf(request(`/${lang}/${page}`)) }).toEqual({ page: `/${lang}/${page}`, key: `/${lang}/${page}\n` });
    expect(langs.split("|").length * pages.split("|").length).toBe(8);
    for (const condition of entry.has) {
      conditions += 1;
      const url = condition.type === "query" ? `/en/login?${condition.key}=1` : "/en/login";
      const headers = condition.type === "cookie" ? { cookie: `${condition.key}=1` } : condition.type === "header" ? { [condition.key]: condition.key === "sec-fetch-dest" ? "iframe" : "1" } : {};
      expect({ condition, key: replayKeyOf(request(url, headers)) }).toEqual({ condition, key: null });
    }
  }
  expect(conditions).toBeGreaterThan(10);
});

it("keeps the browsers' answers after made-up Accept-Encoding values filled what it keeps", async () => {
  for (let junk = 0; junk < 70; junk++) {
    await get("/en/findpwd", { "accept-encoding": `x-junk-${junk}` });
    await get("/en/findpwd", { "accept-encoding": `x-junk-${junk}` });
  }
  const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
  await get("/en/findpwd", browser);
  await get("/en/findpwd", browser);
  const before = nextVisits;
  const replayed = await get("/en/findpwd", browser);
  expect(nextVisits - before).toBe(0);
  expect(gunzipSync(replayed.body).toString()).toBe(PAGE);
});
