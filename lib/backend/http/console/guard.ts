import type { Context, MiddlewareHandler } from "hono";
import { CONSOLE_SIGN_IN, matchConsoleApiRoute } from "@/lib/contract/console/routes";
import { OPERATOR_TOKEN_HEADER, roleAllows } from "@/lib/contract/console/roles";
import { getConfig, type BackendConfig } from "../../config";
import { ErrorCode, ServiceError } from "../../errors";
import { addressList } from "../../net/addresses";
import { audit, type Actor } from "../../services/console/audit";
import { operatorSession } from "../../services/console/operator-sessions";
import type { ConsoleCaller, ServicesEnv } from "../env";

/**
 * The one guard of the console's API. The least role of a route comes from the registry
 * (lib/contract/console/routes.ts), found by the route's own method and path, so a route cannot
 * be added without an entry. Order: the address allowlist (CONSOLE_ALLOWED_IPS), then the session
 * (x-operator-token only; a consumer's utoken is never looked at) → 20101/401, then the role
 * → 20102/403, written to the audit log as refused.
 */
export type { ConsoleCaller } from "../env";

const allowLists = new WeakMap<BackendConfig, ReturnType<typeof addressList>>();

export function assertConsoleAddress(ip: string | null): void {
  const config = getConfig();
  if (config.adminAllowedIps.length === 0) return;
  let list = allowLists.get(config);
  if (!list) {
    list = addressList(config.adminAllowedIps);
    allowLists.set(config, list);
  }
  if (!list.has(ip)) throw new ServiceError(ErrorCode.prohibitedIp);
}

export function operatorToken(c: Context<ServicesEnv>): string | null {
  const value = c.req.header(OPERATOR_TOKEN_HEADER)?.trim();
  return value && value.length <= 256 ? value : null;
}

/**
 * Runs before every /v1/console/** route, ahead of the route's own input checks, so a caller
 * without a session learns nothing (401) whatever it sent. A path that is not in the registry
 * answers 404 even if a route exists for it.
 */
export const consoleGuard: MiddlewareHandler<ServicesEnv> = async (c, next) => {
  const method = c.req.method.toLowerCase();
  const ip = c.var.client.ip;
  assertConsoleAddress(ip);
  if (method === CONSOLE_SIGN_IN.method && c.req.path === CONSOLE_SIGN_IN.path) return next();
  const route = matchConsoleApiRoute(method, c.req.path);
  if (!route) throw new ServiceError(ErrorCode.notFound);
  const { operator, sessionId } = await operatorSession(operatorToken(c));
  const actor: Actor = { operatorId: operator.id, actor: operator.email, ip };
  if (!roleAllows(operator.role, route.role)) {
    await audit(actor, "console.refused", null, null, "refused", { route: `${route.method.toUpperCase()} ${route.path}`, role: operator.role, needs: route.role });
    throw new ServiceError(ErrorCode.insufficientAuthority);
  }
  c.set("console", { operator, sessionId, actor });
  return next();
};

/** The caller the guard let through (every console route but sign-in runs behind it). */
export function consoleCaller(c: Context<ServicesEnv>): ConsoleCaller {
  const caller = c.var.console;
  if (!caller) throw new Error(`${c.req.method} ${c.req.path}: the console guard did not run`);
  return caller;
}
