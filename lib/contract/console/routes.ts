import type { OperatorRole } from "./roles";

/**
 * THE registry of the console's API (the services' /v1/console/** routes): each route's method,
 * path (hono style, `{id}` for a parameter, as in OpenAPI) and the least role it needs. The services take a
 * route's role from here (lib/backend/http/console/guard.ts, before every /v1/console route, answers
 * 404 for one that is missing here), and the authorization test walks every entry with every kind
 * of caller, so a new console route cannot go unchecked. Operator sign-in (POST /v1/console/session) is the only
 * console route without a session and is not listed.
 */
export type ConsoleApiRoute = { method: "get" | "post" | "patch" | "delete"; path: string; role: OperatorRole };

export const CONSOLE_API_ROUTES = [
  { method: "get", path: "/v1/console/session", role: "viewer" },
  { method: "delete", path: "/v1/console/session", role: "viewer" },
  // an operator's own password (the current one proved)
  { method: "post", path: "/v1/console/session/password", role: "viewer" },
  { method: "get", path: "/v1/console/users", role: "viewer" },
  // users out and in (docs/import-export.md): before users/{id}, which would match them too
  { method: "get", path: "/v1/console/users/export", role: "admin" },
  { method: "post", path: "/v1/console/users/export", role: "admin" },
  { method: "post", path: "/v1/console/users/import", role: "admin" },
  // bulk jobs over users (docs/operators.md): admins only, reading too
  { method: "post", path: "/v1/console/bulk/preview", role: "admin" },
  { method: "get", path: "/v1/console/bulk/jobs", role: "admin" },
  { method: "post", path: "/v1/console/bulk/jobs", role: "admin" },
  { method: "post", path: "/v1/console/bulk/jobs/{id}/cancel", role: "admin" },
  { method: "get", path: "/v1/console/users/{id}", role: "viewer" },
  // the account's security activity, as its owner sees it, with "This wasn't me" marked
  { method: "get", path: "/v1/console/users/{id}/activity", role: "viewer" },
  { method: "post", path: "/v1/console/users/{id}/status", role: "support" },
  { method: "post", path: "/v1/console/users/{id}/sessions/end", role: "support" },
  { method: "post", path: "/v1/console/users/{id}/two-step/reset", role: "support" },
  { method: "post", path: "/v1/console/users/{id}/social/disconnect", role: "support" },
  { method: "post", path: "/v1/console/users/{id}/password-reset", role: "support" },
  { method: "post", path: "/v1/console/users/{id}/delete", role: "admin" },
  { method: "get", path: "/v1/console/audit", role: "viewer" },
  { method: "get", path: "/v1/console/audit/export", role: "viewer" },
  // the page guard's refusals, audited like the API's (any operator may report its own)
  { method: "post", path: "/v1/console/refusals", role: "viewer" },
  { method: "get", path: "/v1/console/operators", role: "admin" },
  { method: "post", path: "/v1/console/operators", role: "admin" },
  { method: "patch", path: "/v1/console/operators/{id}", role: "admin" },
  { method: "post", path: "/v1/console/operators/{id}/reset-password", role: "admin" },
  { method: "post", path: "/v1/console/operators/{id}/reset-authenticator", role: "admin" },
  // the operations screens (docs/operators.md): enterprises, codes, messages, bans, analytics
  { method: "get", path: "/v1/console/enterprises", role: "viewer" },
  { method: "post", path: "/v1/console/enterprises", role: "admin" },
  { method: "get", path: "/v1/console/enterprises/{id}", role: "viewer" },
  { method: "post", path: "/v1/console/enterprises/{id}/users/{userId}/password-reset", role: "admin" },
  { method: "get", path: "/v1/console/codes/batches", role: "viewer" },
  { method: "post", path: "/v1/console/codes/batches", role: "admin" },
  { method: "post", path: "/v1/console/codes/download", role: "admin" },
  { method: "post", path: "/v1/console/codes/lookup", role: "viewer" },
  { method: "post", path: "/v1/console/codes/revoke", role: "admin" },
  { method: "post", path: "/v1/console/messages", role: "support" },
  { method: "get", path: "/v1/console/announcements", role: "viewer" },
  { method: "post", path: "/v1/console/announcements", role: "admin" },
  { method: "post", path: "/v1/console/announcements/{id}/unpublish", role: "admin" },
  { method: "get", path: "/v1/console/bans", role: "viewer" },
  { method: "post", path: "/v1/console/bans", role: "support" },
  { method: "post", path: "/v1/console/bans/remove", role: "support" },
  { method: "get", path: "/v1/console/analytics", role: "viewer" },
  // apps registered with the OpenID Provider (docs/oidc.md): admins only, reading too
  { method: "get", path: "/v1/console/clients", role: "admin" },
  { method: "post", path: "/v1/console/clients", role: "admin" },
  { method: "post", path: "/v1/console/clients/{id}/rotate-secret", role: "admin" },
  { method: "post", path: "/v1/console/clients/{id}/disable", role: "admin" },
  { method: "post", path: "/v1/console/clients/{id}/scopes", role: "admin" },
] as const satisfies readonly ConsoleApiRoute[];

const PATTERNS: readonly { route: ConsoleApiRoute; pattern: RegExp }[] = CONSOLE_API_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, "[^/]+")}$`),
}));

/** The registry entry a request reaches (method in lower case, the URL's path), or null. */
export function matchConsoleApiRoute(method: string, path: string): ConsoleApiRoute | null {
  return PATTERNS.find(({ route, pattern }) => route.method === method && pattern.test(path))?.route ?? null;
}

/** Operator sign-in: the one console route that needs no session. */
export const CONSOLE_SIGN_IN = { method: "post", path: "/v1/console/session" } as const;

/**
 * The console's screens below /{lang}/{CONSOLE_BASE_PATH}, with the least role each needs: the
 * navigation, the page guard and the e2e walk read this list. `null` path: the console's home.
 */
export const CONSOLE_SCREENS = [
  { key: "users", path: "users", role: "viewer" },
  { key: "enterprises", path: "enterprises", role: "viewer" },
  { key: "codes", path: "codes", role: "viewer" },
  { key: "messages", path: "messages", role: "viewer" },
  { key: "bans", path: "bans", role: "viewer" },
  { key: "analytics", path: "analytics", role: "viewer" },
  { key: "audit", path: "audit", role: "viewer" },
  { key: "import", path: "import", role: "admin" },
  { key: "export", path: "export", role: "admin" },
  { key: "apps", path: "apps", role: "admin" },
  { key: "operators", path: "operators", role: "admin" },
  // every operator's own password (the current one proved)
  { key: "password", path: "password", role: "viewer" },
] as const satisfies readonly { key: string; path: string; role: OperatorRole }[];

export type ConsoleScreenKey = (typeof CONSOLE_SCREENS)[number]["key"];
