/**
 * What the portal's pages accept besides GET and HEAD: only its own server actions, called
 * from its own origin, with a small text body of bounded depth. Anything else is refused with
 * a 4xx before Next touches it (a plain POST, a cross-site call, a multipart or oversized body,
 * 100 000 nested brackets), so no such request can cost a 500 or change anything. Edge-safe.
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

export type PageRequestVerdict = { ok: true; readBody: boolean } | { ok: false; status: 400 | 403 | 405 | 413; code: number };

export function checkPageRequest(request: PageRequest): PageRequestVerdict {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return { ok: true, readBody: false };
  if (method !== "POST" || !request.isAction) return { ok: false, status: 405, code: 10001 };
  const crossSite = request.fetchSite !== null && request.fetchSite !== "same-origin";
  const foreignOrigin = request.origin !== null && request.origin !== request.ownOrigin;
  if (crossSite || foreignOrigin || (request.origin === null && request.fetchSite === null)) return { ok: false, status: 403, code: 20102 };
  // The portal's actions are called with serialised arguments, never with a multipart form.
  if (!/^text\/plain\b/i.test(request.contentType ?? "")) return { ok: false, status: 400, code: 10001 };
  if (Number(request.contentLength ?? 0) > ACTION_BODY_MAX_BYTES) return { ok: false, status: 413, code: 10002 };
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
