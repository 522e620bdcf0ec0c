import "server-only";
import { z } from "zod";
import { auditResponse, pageRefusalResponse, type AuditQuery } from "@/lib/contract/console/audit";
import type { ConsoleScreenKey } from "@/lib/contract/console/routes";
import { createOperatorResponse, operatorListResponse, operatorSummary, resetOperatorAuthenticatorResponse, resetOperatorPasswordResponse } from "@/lib/contract/console/operators";
import type { OperatorRole } from "@/lib/contract/console/roles";
import { userActionResponse, userDetail, userSearchResponse, type UserSearchQuery } from "@/lib/contract/console/users";
import { activityResponse } from "@/lib/contract/activity";
import { operatorSessionResponse, operatorSignInResponse, type OperatorSignInRequest } from "@/lib/contract/console/session";
import type { Locale } from "@/lib/i18n/routing";
import { upstreamFetch, upstreamFetchFile, type HttpMethod, type QueryValue, type UpstreamFile } from "./fetcher";

/**
 * The operator console's calls (the services' /v1/console/**, docs/operators.md). They carry the
 * operator's token in its own header and never a consumer's utoken. The console is a part of
 * the reference services' deployment: its calls go to the passport API like the rest.
 */
export type ConsoleContext = { operatorToken?: string; lang: Locale; clientIp?: string; clientUserAgent?: string };

const CONSOLE_APP = { code: "console", system: "web-pc", appVersion: "", origin: "" };

export type ConsoleCall<T> = { method: HttpMethod; path: string; body?: unknown; query?: Record<string, QueryValue>; schema: z.ZodType<T> };

export function consoleCall<T>(ctx: ConsoleContext, call: ConsoleCall<T>): Promise<T> {
  return upstreamFetch({
    service: "passport",
    ...call,
    operatorToken: ctx.operatorToken,
    lang: ctx.lang,
    app: CONSOLE_APP,
    client: { ip: ctx.clientIp, userAgent: ctx.clientUserAgent },
  });
}

export function consoleFileCall(ctx: ConsoleContext, call: { path: string; query?: Record<string, QueryValue> }): Promise<UpstreamFile> {
  return upstreamFetchFile({ service: "passport", method: "GET", ...call, operatorToken: ctx.operatorToken, lang: ctx.lang, app: CONSOLE_APP, client: { ip: ctx.clientIp, userAgent: ctx.clientUserAgent } });
}

export const signInOperator = (ctx: ConsoleContext, body: OperatorSignInRequest) =>
  consoleCall(ctx, { method: "POST", path: "/v1/console/session", body, schema: operatorSignInResponse });
export const currentOperator = (ctx: ConsoleContext) => consoleCall(ctx, { method: "GET", path: "/v1/console/session", schema: operatorSessionResponse });
export const signOutOperator = (ctx: ConsoleContext) => consoleCall(ctx, { method: "DELETE", path: "/v1/console/session", schema: z.object({}) });

export const listOperators = (ctx: ConsoleContext) => consoleCall(ctx, { method: "GET", path: "/v1/console/operators", schema: operatorListResponse });
export const createOperator = (ctx: ConsoleContext, body: { email: string; name: string; role: OperatorRole; reason: string }) =>
  consoleCall(ctx, { method: "POST", path: "/v1/console/operators", body, schema: createOperatorResponse });
export const updateOperator = (ctx: ConsoleContext, id: string, body: { role?: OperatorRole; status?: "active" | "disabled"; reason: string }) =>
  consoleCall(ctx, { method: "PATCH", path: `/v1/console/operators/${encodeURIComponent(id)}`, body, schema: z.object({ operator: operatorSummary }) });
export const resetOperatorPassword = (ctx: ConsoleContext, id: string, reason: string) =>
  consoleCall(ctx, { method: "POST", path: `/v1/console/operators/${encodeURIComponent(id)}/reset-password`, body: { reason }, schema: resetOperatorPasswordResponse });
export const resetOperatorAuthenticator = (ctx: ConsoleContext, id: string, reason: string) =>
  consoleCall(ctx, { method: "POST", path: `/v1/console/operators/${encodeURIComponent(id)}/reset-authenticator`, body: { reason }, schema: resetOperatorAuthenticatorResponse });
export const changeOwnOperatorPassword = (ctx: ConsoleContext, body: { current: string; next: string }) =>
  consoleCall(ctx, { method: "POST", path: "/v1/console/session/password", body, schema: z.object({}) });

function auditParams(query: Partial<AuditQuery>): Record<string, QueryValue> {
  return { operator: query.operator, action: query.action, target: query.target, from: query.from, to: query.to, page: query.page, pageSize: query.pageSize };
}
export const listAudit = (ctx: ConsoleContext, query: Partial<AuditQuery>) => consoleCall(ctx, { method: "GET", path: "/v1/console/audit", query: auditParams(query), schema: auditResponse });
export const recordPageRefusal = (ctx: ConsoleContext, screen: ConsoleScreenKey) =>
  consoleCall(ctx, { method: "POST", path: "/v1/console/refusals", body: { screen }, schema: pageRefusalResponse });
export const exportAudit = (ctx: ConsoleContext, query: Partial<AuditQuery>) => consoleFileCall(ctx, { path: "/v1/console/audit/export", query: auditParams(query) });

export const searchUsers = (ctx: ConsoleContext, query: UserSearchQuery) =>
  consoleCall(ctx, { method: "GET", path: "/v1/console/users", query: { ...query }, schema: userSearchResponse });
export const readUser = (ctx: ConsoleContext, id: string) => consoleCall(ctx, { method: "GET", path: `/v1/console/users/${encodeURIComponent(id)}`, schema: userDetail });
/** One page of a user's security activity, newest first, "This wasn't me" marked. */
export const readUserActivity = (ctx: ConsoleContext, id: string, query: { page: number; pageSize: number }) =>
  consoleCall(ctx, { method: "GET", path: `/v1/console/users/${encodeURIComponent(id)}/activity`, query, schema: activityResponse });

/** The actions on a user: each a POST below the user with a reason (lib/contract/console/users.ts). */
export type UserAction =
  | { kind: "status"; body: { status: "active" | "restricted" | "banned"; reason: string } }
  | { kind: "sessions/end"; body: { sessionId?: string; reason: string } }
  | { kind: "two-step/reset"; body: { reason: string } }
  | { kind: "social/disconnect"; body: { channel: string; reason: string } }
  | { kind: "password-reset"; body: { reason: string } }
  | { kind: "delete"; body: { reason: string } };

export const actOnUser = (ctx: ConsoleContext, id: string, action: UserAction) =>
  consoleCall(ctx, { method: "POST", path: `/v1/console/users/${encodeURIComponent(id)}/${action.kind}`, body: action.body, schema: userActionResponse });
