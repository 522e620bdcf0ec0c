/**
 * The loads of the per-core part, with autocannon: each connection plays a browser.
 *
 * A sign-in journey, as Chromium makes it (captured from a real sign-in, docs/performance.md),
 * with a fresh cookie jar each time (a browser that has the static files cached, nothing else):
 *   1. GET /en/login (the document)
 *   2. POST /en/login, the sign-in server action, with the headers Chromium sends (Next-Action,
 *      Next-Router-State-Tree, Accept: text/x-component, Origin) and React's encoded arguments;
 *      its answer must say `"ok":true` and where to go
 *   3. GET of that address (the redirect: the browser's `location.assign`), signed in
 *   4. the first signed-in page's own data: GET /api/profile, /api/messages/count and
 *      /api/training/menu, as the settings page's scripts ask for them
 * Every request says what Chromium's say, `Accept-Encoding: gzip, deflate, br, zstd` included, so
 * the portal compresses what it would compress for a browser. A compressed answer's body cannot be
 * read here (autocannon keeps bodies as text): the sign-in action's answer counts when it is a 200
 * that sets a session cookie, and the browser goes where the same build's first journey, made with
 * fetch and read in full (writes.ts, oneJourney), was sent (`redirect`).
 * A journey counts only when every step answered as a browser needs.
 *
 * A signed-in API call: GET /v1/user/fullinfo with a session token (the token's validation and
 * a read of the user's profile), the answer must say `"code":0`.
 */
import autocannon, { type Request } from "autocannon";
import { actionRedirect, cookieHeader, headerOf, loginRouterStateTree, storeCookies } from "./maths";

export type Account = { email: string; password: string };
export type JourneyResult = { journeys: number; seconds: number; requests: number; failed: number; errors: number; p50: number; p99: number; firstFailure: string | null };

type Context = { jar: Map<string, string>; redirect: string | null; started: number; failed: boolean };
type Headers = Request["headers"];

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0));

/** The cookie jar of autocannon's per-connection context (reset by autocannon at each journey's start). */
function contextOf(raw: object): Context {
  if (!("jar" in raw && raw.jar instanceof Map)) Object.assign(raw, { jar: new Map<string, string>(), redirect: null, started: performance.now(), failed: false });
  return raw as Context;
}

export type JourneyOptions = {
  port: number;
  seconds: number;
  connections: number;
  actionId: string;
  variant: string;
  accounts: readonly Account[];
  /** where the sign-in action sends the browser (read from a whole answer by oneJourney) */
  redirect: string;
  lang?: string;
};

/** What Chromium sends on every request (captured from a real sign-in). */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export async function signInJourneys(options: JourneyOptions): Promise<JourneyResult> {
  const { port, actionId, variant, accounts } = options;
  const lang = options.lang ?? "en";
  const origin = `http://127.0.0.1:${port}`;
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  let firstFailure: string | null = null;
  const fail = (context: Context, why: string) => {
    if (!context.failed) failed += 1;
    context.failed = true;
    firstFailure ??= why;
  };
  const withCookies = (context: Context, headers: Record<string, string>) => ({ ...headers, "accept-encoding": BROWSER_ACCEPT_ENCODING, ...(context.jar.size > 0 ? { cookie: cookieHeader(context.jar) } : {}) });
  // after a failed step the journey goes on to its end as a browser's would, uncounted: autocannon
  // can restart a connection's sequence (a falsy setupRequest), but its types do not allow it
  const dataCall = (pathname: string, last: boolean): Request => ({
    method: "GET",
    path: `${pathname}?lang=${lang}`,
    setupRequest: (request: Request, raw: object) => {
      const context = contextOf(raw);
      return { ...request, headers: withCookies(context, { accept: "application/json", referer: `${origin}${context.redirect ?? ""}`, "sec-fetch-site": "same-origin" }) };
    },
    onResponse: (status: number, body: string, raw: object) => {
      const context = contextOf(raw);
      if (status !== 200 || !body.startsWith('{"ok":true')) fail(context, `GET ${pathname}: ${status} ${body.slice(0, 120)}`);
      else if (last && !context.failed) latencies.push(performance.now() - context.started);
    },
  });

  const result = await autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: "GET",
        path: `/${lang}/login`,
        setupRequest: (request: Request, raw: object) => {
          const context = contextOf(raw);
          context.started = performance.now();
          return { ...request, headers: { accept: "text/html", "accept-encoding": BROWSER_ACCEPT_ENCODING, "upgrade-insecure-requests": "1" } };
        },
        onResponse: (status: number, _body: string, raw: object, headers: Headers) => {
          const context = contextOf(raw);
          if (status !== 200) fail(context, `GET /${lang}/login: ${status}`);
          storeCookies(context.jar, headerOf(headers, "set-cookie"));
        },
      },
      {
        method: "POST",
        path: `/${lang}/login`,
        setupRequest: (request: Request, raw: object) => {
          const context = contextOf(raw);
          const account = accounts[next++ % accounts.length] ?? accounts[0];
          const body = JSON.stringify([{ email: account?.email, password: account?.password, remember: false }, { lang, query: "" }, "$undefined"]);
          const headers = withCookies(context, {
            "next-action": actionId,
            "next-router-state-tree": loginRouterStateTree(lang, variant),
            accept: "text/x-component",
            "content-type": "text/plain;charset=UTF-8",
            origin,
            referer: `${origin}/${lang}/login`,
          });
          return { ...request, headers, body };
        },
        onResponse: (status: number, body: string, raw: object, headers: Headers) => {
          const context = contextOf(raw);
          storeCookies(context.jar, headerOf(headers, "set-cookie"));
          const compressed = headerOf(headers, "content-encoding") !== undefined;
          context.redirect = status !== 200 ? null : compressed ? options.redirect : actionRedirect(body);
          if (!context.redirect || !context.jar.get("utoken")) fail(context, `POST /${lang}/login (sign-in action): ${status} ${compressed ? "(compressed)" : body.slice(-200)}`);
        },
      },
      {
        method: "GET",
        path: "/",
        setupRequest: (request: Request, raw: object) => {
          const context = contextOf(raw);
          return { ...request, path: context.redirect ?? `/${lang}/profile/settings`, headers: withCookies(context, { accept: "text/html", referer: `${origin}/${lang}/login`, "upgrade-insecure-requests": "1" }) };
        },
        onResponse: (status: number, _body: string, raw: object, headers: Headers) => {
          const context = contextOf(raw);
          if (status !== 200) fail(context, `GET ${context.redirect ?? "?"} signed in: ${status}`);
          storeCookies(context.jar, headerOf(headers, "set-cookie"));
        },
      },
      dataCall("/api/profile", false),
      dataCall("/api/messages/count", false),
      dataCall("/api/training/menu", true),
    ],
  });
  latencies.sort((a, b) => a - b);
  return {
    journeys: latencies.length,
    seconds: result.duration,
    requests: result.requests.total,
    failed,
    errors: result.errors + result.timeouts,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    firstFailure,
  };
}

export type ApiResult = { calls: number; seconds: number; bad: number; p50: number; p99: number };

export async function apiCalls(port: number, seconds: number, connections: number, token: string): Promise<ApiResult> {
  let bad = 0;
  let good = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: "GET",
        path: "/v1/user/fullinfo",
        headers: { utoken: token, accept: "application/json" },
        onResponse: (status: number, body: string) => {
          if (status === 200 && body.includes('"code":0')) good += 1;
          else bad += 1;
        },
      },
    ],
  });
  return { calls: good, seconds: result.duration, bad: bad + result.errors + result.timeouts, p50: result.latency.p50, p99: result.latency.p99 };
}
