/**
 * What the portal's pages accept besides GET and HEAD: only its own server actions, called
 * from its own origin, with a small text body of bounded depth. Anything else is refused with
 * a 4xx before Next touches it (a plain POST, a cross-site call, a multipart or oversized body,
 * 100 000 nested brackets, bytes that are not UTF-8 or not JSON), so no such request can cost a
 * 500, a stack trace in the log or any change. Edge-safe.
 */
export const ACTION_BODY_MAX_BYTES = 1024 * 1024;
export const ACTION_BODY_MAX_DEPTH = 64;

export type PageRequest = {
  method: string;
  /** the Next-Action header: a server action call */
  isAction: boolean;
  origin: string | null;
  fetchSite: string | null;
  contentType: string | null;
  contentLength: string | null;
  /** the portal's public origin */
  ownOrigin: string;
};

export type PageRequestVerdict = { ok: true; readBody: boolean } | { ok: false; status: 400 | 403 | 405 | 413; code: number; reason: string };

export function checkPageRequest(request: PageRequest): PageRequestVerdict {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return { ok: true, readBody: false };
  if (method !== "POST" || !request.isAction) return { ok: false, status: 405, code: 10001, reason: "not a server action" };
  const crossSite = request.fetchSite !== null && request.fetchSite !== "same-origin";
  const foreignOrigin = request.origin !== null && request.origin !== request.ownOrigin;
  if (crossSite || foreignOrigin || (request.origin === null && request.fetchSite === null)) return { ok: false, status: 403, code: 20102, reason: "another origin" };
  // The portal's actions are called with serialised arguments, never with a multipart form.
  if (!/^text\/plain\b/i.test(request.contentType ?? "")) return { ok: false, status: 400, code: 10001, reason: "not a text body" };
  if (Number(request.contentLength ?? 0) > ACTION_BODY_MAX_BYTES) return { ok: false, status: 413, code: 10002, reason: "body too large" };
  return { ok: true, readBody: true };
}

/** The deepest nesting of [ and { outside JSON strings; stops counting past `limit`. */
export function nestingDepth(text: string, limit = ACTION_BODY_MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === "]" || char === "}") depth--;
  }
  return deepest;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * What is wrong with a server action's body, or null when Next can decode it: the portal's
 * actions are called with their arguments serialised as one JSON array (React's encodeReply of
 * plain values), so anything else (bytes that are not UTF-8, `{"email":`, a truncated array, a
 * bare string, brackets nested past the limit, a reference to a part the body does not have) is
 * refused here, where Next would answer 500 and log a SyntaxError or "Connection closed.".
 */
export function actionBodyProblem(bytes: Uint8Array): { status: 400 | 413; code: number; reason: string } | null {
  if (bytes.byteLength > ACTION_BODY_MAX_BYTES) return { status: 413, code: 10002, reason: "body too large" };
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { status: 400, code: 10001, reason: "body is not UTF-8" };
  }
  if (nestingDepth(text) > ACTION_BODY_MAX_DEPTH) return { status: 400, code: 10001, reason: "body nested too deeply" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 400, code: 10001, reason: "body is not JSON" };
  }
  if (!Array.isArray(parsed)) return { status: 400, code: 10001, reason: "body is not an argument list" };
  return referencesOnlyItself(parsed) ? null : { status: 400, code: 10001, reason: "body refers to parts it does not have" };
}

/**
 * In React's reply format a string that starts with `$` is a reference. A text body is a reply
 * of plain values, in one part: only the references such values are written as may appear
 * (an escaped `$$…`, undefined, a date, a big integer, NaN, ±Infinity, -0, a temporary
 * reference). A reference to another part (`$1`, `$@1`, `$Q1`, `$h1`, `$B1`, …) has nothing to
 * point at, and Next answers it with a 500 ("Connection closed.").
 */
const PLAIN_REFERENCE = /^\$(?:\$|undefined$|D|n-?\d+$|NaN$|Infinity$|-Infinity$|-0$|T$)/;

function referencesOnlyItself(value: unknown): boolean {
  if (typeof value === "string") return !value.startsWith("$") || PLAIN_REFERENCE.test(value);
  if (Array.isArray(value)) return value.every(referencesOnlyItself);
  if (value !== null && typeof value === "object") return Object.values(value).every(referencesOnlyItself);
  return true;
}
