import "server-only";
import { z } from "zod";
import {
  addBanResponse,
  announcementItem,
  announcementListResponse,
  banListResponse,
  batchListResponse,
  clientListResponse,
  clientScopesResponse,
  clientSecretResponse,
  codeInfo,
  codeRevokeResponse,
  createBatchResponse,
  createEnterpriseResponse,
  dashboardResponse,
  downloadBatchResponse,
  enterpriseListResponse,
  enterpriseUsersResponse,
  passwordResetResponse,
  removeBanResponse,
  sendMessageResponse,
} from "@/lib/contract/console/screens-api";
import { consoleCall, type ConsoleContext } from "./console";

/**
 * The console's operations calls (docs/operators.md): enterprises, codes, messages and
 * announcements, bans, analytics. One function per call; every input goes as the operator
 * typed it, for the services to check (their refusals carry the field's message key).
 */
type Text = string | undefined;
const path = (...parts: string[]) => `/v1/console/${parts.map(encodeURIComponent).join("/")}`;

export const listEnterprises = (ctx: ConsoleContext, query: { q?: Text; page?: Text }) => consoleCall(ctx, { method: "GET", path: path("enterprises"), query, schema: enterpriseListResponse });
export const createEnterprise = (ctx: ConsoleContext, body: { account: string; name: string; email: string; reason: string }) =>
  consoleCall(ctx, { method: "POST", path: path("enterprises"), body, schema: createEnterpriseResponse });
export const enterpriseUsers = (ctx: ConsoleContext, id: string) => consoleCall(ctx, { method: "GET", path: path("enterprises", id), schema: enterpriseUsersResponse });
export const resetEnterprisePassword = (ctx: ConsoleContext, id: string, userId: string, reason: string) =>
  consoleCall(ctx, { method: "POST", path: path("enterprises", id, "users", userId, "password-reset"), body: { reason }, schema: passwordResetResponse });

export const listCodeBatches = (ctx: ConsoleContext, page: Text) => consoleCall(ctx, { method: "GET", path: path("codes", "batches"), query: { page }, schema: batchListResponse });
export const createCodeBatch = (ctx: ConsoleContext, body: { benefitEn: string; benefitZh: string; count: string; benefitDays: string; validUntil: string; reason: string }) =>
  consoleCall(ctx, { method: "POST", path: path("codes", "batches"), body, schema: createBatchResponse });
export const downloadCodeBatch = (ctx: ConsoleContext, token: string) => consoleCall(ctx, { method: "POST", path: path("codes", "download"), body: { token }, schema: downloadBatchResponse });
export const lookupCode = (ctx: ConsoleContext, code: string) => consoleCall(ctx, { method: "POST", path: path("codes", "lookup"), body: { code }, schema: codeInfo });
export const revokeCode = (ctx: ConsoleContext, code: string, reason: string) => consoleCall(ctx, { method: "POST", path: path("codes", "revoke"), body: { code, reason }, schema: codeRevokeResponse });

export type SendMessageBody = { appCode: string; category: string; target: "user" | "app" | "everyone"; email: string; texts: Record<"en" | "zh", { title: string; body: string }>; reason: string };
export const sendMessage = (ctx: ConsoleContext, body: SendMessageBody) => consoleCall(ctx, { method: "POST", path: path("messages"), body, schema: sendMessageResponse });
export const listAnnouncements = (ctx: ConsoleContext, page: Text) => consoleCall(ctx, { method: "GET", path: path("announcements"), query: { page }, schema: announcementListResponse });
export const publishAnnouncement = (ctx: ConsoleContext, body: { texts: Record<"en" | "zh", { title: string; body: string }>; until: string; reason: string }) =>
  consoleCall(ctx, { method: "POST", path: path("announcements"), body, schema: announcementItem });
export const unpublishAnnouncement = (ctx: ConsoleContext, id: string, reason: string) =>
  consoleCall(ctx, { method: "POST", path: path("announcements", id, "unpublish"), body: { reason }, schema: z.object({}) });

export const listBans = (ctx: ConsoleContext, page: Text) => consoleCall(ctx, { method: "GET", path: path("bans"), query: { page }, schema: banListResponse });
export const addBan = (ctx: ConsoleContext, body: { network: string; expiresOn: string; reason: string }) => consoleCall(ctx, { method: "POST", path: path("bans"), body, schema: addBanResponse });
export const removeBan = (ctx: ConsoleContext, network: string, reason: string) => consoleCall(ctx, { method: "POST", path: path("bans", "remove"), body: { network, reason }, schema: removeBanResponse });

export const analyticsDashboard = (ctx: ConsoleContext, query: { from?: Text; to?: Text; brand?: Text; platform?: Text }) =>
  consoleCall(ctx, { method: "GET", path: path("analytics"), query, schema: dashboardResponse });

export type RegisterClientBody = { name: string; kind: string; native: boolean; thirdParty: boolean; brand: string; redirectUris: string; postLogoutUris: string; backchannelLogoutUri: string; origins: string; privacyUrl: string; termsUrl: string; jwks: string; scopes: string[]; reason: string };
export const listClients = (ctx: ConsoleContext) => consoleCall(ctx, { method: "GET", path: path("clients"), schema: clientListResponse });
export const registerClient = (ctx: ConsoleContext, body: RegisterClientBody) => consoleCall(ctx, { method: "POST", path: path("clients"), body, schema: clientSecretResponse });
export const rotateClientSecret = (ctx: ConsoleContext, clientId: string, reason: string) =>
  consoleCall(ctx, { method: "POST", path: path("clients", clientId, "rotate-secret"), body: { reason }, schema: clientSecretResponse });
export const setClientScopes = (ctx: ConsoleContext, clientId: string, body: { scopes: string[]; reason: string }) =>
  consoleCall(ctx, { method: "POST", path: path("clients", clientId, "scopes"), body, schema: clientScopesResponse });
export const disableClient = (ctx: ConsoleContext, clientId: string, reason: string) => consoleCall(ctx, { method: "POST", path: path("clients", clientId, "disable"), body: { reason }, schema: z.object({}) });
