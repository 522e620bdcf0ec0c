import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

/**
 * The public sign-in pages' plain anonymous visits, answered again with the bytes Next answered
 * the last time (docs/performance.md, "The sign-in pages' replay").
 *
 * A plain anonymous visit of a sign-in page (no session cookie, no launch parameter that picks a
 * variant, not in a frame, no body: what proxy.ts's matcher lets past the proxy) is Next's cached
 * rendering of the default variant (decision 4), the same bytes for every such visit while this
 * process runs: the page is rendered once, kept in this process's memory and never revalidated
 * (`Cache-Control: s-maxage=31536000`). Next still routes each visit (the rewrite to the variant,
 * its cache lookup, its headers) and gzips the HTML again for every browser that accepts it.
 * So once Next has answered such a visit from its cache, its answer (status, headers, and the
 * body as it went out, compressed or not) is kept here, one per page and Accept-Encoding, and
 * the next such visit gets it without Next.
 *
 * Anything else goes to Next as before: another method, a query parameter the proxy reads, a
 * session cookie, a frame, a body, a conditional request (Next answers 304), Next's own client
 * requests (RSC, prefetches), an answer that was not a cache hit of Next's (the first render), set
 * a cookie or was not a 200. The app's server still adds the security headers to each answer
 * before this runs, and a draining server's `Connection: close`.
 */

/** The sign-in pages that skip the proxy when visited plainly (proxy.ts's matcher, next.config.mjs's rewrite). */
const SIGN_IN_PAGE = /^\/(?:en|zh)\/(?:login|register|findpwd|login-business)$/;

/** The query parameters the proxy reads on a sign-in page (each one sends the visit through it). */
export const PROXY_QUERY_KEYS = ["p", "s", "sl", "lr", "av", "ut", "embed"] as const;

/** The request headers that send a visit through the proxy, or change what Next answers. */
const NOT_PLAIN_HEADERS = [
  // proxy.ts's matcher: an action call, a body
  "next-action",
  "content-type",
  "content-length",
  "transfer-encoding",
  // Next's client router (RSC payloads, prefetches) and its revalidation
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "next-test-fetch-priority",
  "x-prerender-revalidate",
  "x-middleware-prefetch",
  "x-now-route-matches",
  "x-matched-path",
  // conditional and partial requests: Next answers them (304)
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
  "if-range",
  "range",
] as const;

/** Headers of the kept answer that belong to one response, never to the page. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** A kept answer's largest body: the sign-in pages are about 30 KB. */
const MAX_BODY_BYTES = 512 * 1024;
/**
 * Kept answers at most: eight pages times a few Accept-Encoding values. A new one beyond it
 * replaces the oldest, so made-up Accept-Encoding values cannot keep the browsers' out for good.
 */
const MAX_ENTRIES = 64;
/** An Accept-Encoding longer than this is not a browser's, and is not kept. */
const MAX_ENCODING_LENGTH = 128;

function hasSessionCookie(cookie: string | undefined): boolean {
  if (!cookie) return false;
  return cookie.split(";").some((pair) => pair.split("=")[0]?.trim() === "utoken");
}

/**
 * The key of a plain anonymous visit of a sign-in page (its page and Accept-Encoding), or null
 * when the visit is anything else.
 */
export function replayKeyOf(request: IncomingMessage): string | null {
  if (request.method !== "GET") return null;
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  if (!SIGN_IN_PAGE.test(pathname)) return null;
  if (query >= 0) {
    const params = new URLSearchParams(url.slice(query + 1));
    if (PROXY_QUERY_KEYS.some((key) => params.has(key))) return null;
  }
  const headers = request.headers;
  if (NOT_PLAIN_HEADERS.some((name) => headers[name] !== undefined)) return null;
  if (/^i?frame$/.test(String(headers["sec-fetch-dest"] ?? ""))) return null;
  if (hasSessionCookie(headers.cookie)) return null;
  const encoding = headers["accept-encoding"] ?? "";
  if (encoding.length > MAX_ENCODING_LENGTH) return null;
  return `${pathname}\n${encoding}`;
}

type Kept = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

/** The body of one answer as it goes out, chunk by chunk (the response class calls add). */
export class AnswerRecording {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  tooLarge = false;

  add(chunk: unknown, encoding: unknown): void {
    if (this.tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
    let buffer: Buffer;
    if (typeof chunk === "string") buffer = Buffer.from(chunk, typeof encoding === "string" && Buffer.isEncoding(encoding) ? encoding : "utf8");
    else if (chunk instanceof Uint8Array) buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    else {
      this.tooLarge = true; // not bytes: not kept
      return;
    }
    this.bytes += buffer.length;
    if (this.bytes > MAX_BODY_BYTES) {
      this.tooLarge = true;
      this.chunks.length = 0;
      return;
    }
    // copied: the writer may reuse its buffer once write returns
    this.chunks.push(Buffer.from(buffer));
  }

  body(): Buffer {
    return Buffer.concat(this.chunks, this.bytes);
  }
}

/** A response that can record its body (the portal's response class, lib/server/outage-response.ts). */
export type RecordableResponse = ServerResponse & { recording?: AnswerRecording };

/** Whether Next's answer is the page's cached rendering, the same for every plain visit. */
function keepable(response: ServerResponse): boolean {
  if (response.statusCode !== 200) return false;
  const headers = response.getHeaders();
  if (headers["set-cookie"] !== undefined || headers["set-login"] !== undefined) return false;
  // a cache hit of Next's: the first render (MISS) and a revalidation (STALE) are not kept
  if (headers["x-nextjs-cache"] !== "HIT") return false;
  if (typeof headers["content-type"] !== "string" || !headers["content-type"].startsWith("text/html")) return false;
  return !/\b(?:no-store|private|no-cache)\b/.test(String(headers["cache-control"] ?? ""));
}

export class PageReplay {
  private readonly kept = new Map<string, Kept>();

  /** Answers a plain visit from what was kept for its key: true when it did. */
  answer(key: string, response: ServerResponse): boolean {
    const kept = this.kept.get(key);
    if (!kept) return false;
    response.writeHead(kept.status, { ...kept.headers, "content-length": kept.body.length });
    response.end(kept.body);
    return true;
  }

  /** Records Next's answer to a plain visit, and keeps it once it went out whole. */
  record(key: string, response: RecordableResponse): void {
    const recording = new AnswerRecording();
    response.recording = recording;
    response.once("finish", () => {
      response.recording = undefined;
      if (recording.tooLarge || !keepable(response)) return;
      if (this.kept.size >= MAX_ENTRIES) {
        const oldest = this.kept.keys().next();
        if (!oldest.done) this.kept.delete(oldest.value);
      }
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(response.getHeaders())) {
        if (value !== undefined && !PER_RESPONSE.has(name)) headers[name] = value;
      }
      this.kept.set(key, { status: response.statusCode, headers, body: recording.body() });
    });
  }
}
