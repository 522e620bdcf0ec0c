import { ErrorCode } from "@/lib/contract/errors";
import { ServiceError } from "../errors";
import { buildContext, type ContextOptions } from "./context";
import { failure, success } from "./envelope";
import { enterpriseRoutes } from "./routes/enterprise";
import { passportRoutes } from "./routes/passport";
import { profileRoutes } from "./routes/profile";
import { securityRoutes } from "./routes/security";
import { verificationRoutes } from "./routes/verification";
import type { Method, Route } from "./types";

/**
 * The reference services' single entry: a web Request in, a `{code, data?, message?}`
 * Response out. Mounted by app/v1/[...path]/route.ts, app/v2/[...path]/route.ts and by the
 * standalone server.
 */
const ROUTES: Route[] = [...passportRoutes, ...enterpriseRoutes, ...verificationRoutes, ...profileRoutes, ...securityRoutes];

type Compiled = { route: Route; segments: string[] };
const COMPILED: Compiled[] = ROUTES.map((route) => ({ route, segments: split(route.path) }));

function split(pathname: string): string[] {
  return pathname.split("/").filter(Boolean);
}

/** A last segment `*name` captures one or more segments, joined with "/" (file keys). */
function match(method: string, pathname: string): { route: Route; params: Record<string, string> } | null {
  const parts = split(pathname);
  for (const { route, segments } of COMPILED) {
    if (route.method !== (method as Method)) continue;
    const rest = segments.at(-1)?.startsWith("*") ? segments.length - 1 : null;
    if (rest === null ? segments.length !== parts.length : parts.length <= rest) continue;
    const params: Record<string, string> = {};
    const ok = segments.every((segment, index) => {
      const part = parts[index] ?? "";
      if (index === rest) {
        try {
          params[segment.slice(1)] = parts.slice(index).map((piece) => decodeURIComponent(piece)).join("/");
          return true;
        } catch {
          return false;
        }
      }
      if (!segment.startsWith(":")) return segment === part;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
        return true;
      } catch {
        return false;
      }
    });
    if (ok) return { route, params };
  }
  return null;
}

/** Log an unexpected failure without request bodies or query parameters (they may hold secrets). */
function logUnexpected(method: string, pathname: string, error: unknown): void {
  // drizzle wraps driver errors; its own message lists the query parameters, so log the cause.
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const detail = root instanceof Error ? (root.stack ?? `${root.name}: ${root.message}`) : String(root);
  console.error(`[services] ${method} ${pathname} failed: ${detail}`);
}

export async function handleServiceRequest(request: Request, options: ContextOptions = {}): Promise<Response> {
  const url = new URL(request.url);
  const found = match(request.method.toUpperCase(), url.pathname);
  if (!found) return failure(ErrorCode.notFound);
  try {
    const ctx = buildContext(request, url, found.params, options);
    const result = await found.route.handler(ctx);
    // a handler that answers with something other than an envelope (a stored file) returns a Response
    return result instanceof Response ? result : success(result);
  } catch (error) {
    if (error instanceof ServiceError) return failure(error.code, error.data, error.publicMessage);
    logUnexpected(request.method, url.pathname, error);
    return failure(ErrorCode.systemError);
  }
}
