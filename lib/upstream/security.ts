import "server-only";
import { z } from "zod";
import { emptySchema } from "@/lib/contract/envelope";
import { sessionResponse, type SessionData } from "@/lib/contract/passport";
import {
  clearSessionsResponse,
  deviceSecurityResponse,
  sessionLogResponse,
  socialAccountsResponse,
} from "@/lib/contract/user";
import { activityResponse, disownResponse, type ActivityPage } from "@/lib/contract/activity";
import { appAccessResponse, type AppAccessList } from "@/lib/contract/app-access";
import { passportCall, type UpstreamContext } from "./context";

/**
 * Account security on the passport API (lib/contract/user.ts): password, login log and
 * sessions, device security and the device-code sign-in, social accounts, account deletion.
 */
export type SessionLog = z.infer<typeof sessionLogResponse>;
export type DeviceSecurity = z.infer<typeof deviceSecurityResponse>;
export type SocialAccounts = z.infer<typeof socialAccountsResponse>;
export type SocialAccount = SocialAccounts["providers"][number];

/** Changes the signed-in user's password (PATCH /v1/user/password); a wrong current one is 20206. */
export async function changePassword(ctx: UpstreamContext, input: { oldPassword: string; newPassword: string; signOutOthers: boolean }): Promise<void> {
  await passportCall(ctx, { method: "PATCH", path: "/v1/user/password", body: input, schema: emptySchema });
}

/** One page of the user's live sessions, most recently used first (GET /v1/user/session/log). */
export async function getSessionLog(ctx: UpstreamContext, input: { page: number; pageSize: number }): Promise<SessionLog> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/session/log", query: input, schema: sessionLogResponse });
}

/** One page of the account's security activity, newest first (GET /v1/user/security/activity). */
export async function getSecurityActivity(ctx: UpstreamContext, input: { page: number; pageSize: number }): Promise<ActivityPage> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/security/activity", query: input, schema: activityResponse });
}

/**
 * "This wasn't me" about one item of the user's activity (POST /v1/user/security/activity/disown):
 * every session ends, this one too, and a password sign-in waits for an emailed reset.
 */
export async function disownActivity(ctx: UpstreamContext, input: { id: string }): Promise<{ ended: number }> {
  return passportCall(ctx, { method: "POST", path: "/v1/user/security/activity/disown", body: input, schema: disownResponse });
}

/** Ends one session by id, or without one every session but the current (POST /v1/user/session/clear). */
export async function clearSessions(ctx: UpstreamContext, input: { sessionId?: string } = {}): Promise<{ ended: number }> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/user/session/clear",
    body: input.sessionId ? { sessionId: input.sessionId } : {},
    schema: clearSessionsResponse,
  });
}

/** The device-security switch and one page of the known devices (GET /v1/user/device/security); the first page without one. */
export async function getDeviceSecurity(ctx: UpstreamContext, input?: { page: number; pageSize: number }): Promise<DeviceSecurity> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/device/security", ...(input ? { query: input } : {}), schema: deviceSecurityResponse });
}

/**
 * Turns device security on or off (PATCH /v1/user/device/security); on also remembers this device,
 * off needs the session's recent step-up proof (20113). The contract's inline proof fields are not
 * used by the portal.
 */
export async function setDeviceSecurity(ctx: UpstreamContext, input: { enabled: boolean }): Promise<DeviceSecurity> {
  return passportCall(ctx, { method: "PATCH", path: "/v1/user/device/security", body: input, schema: deviceSecurityResponse });
}

/** Forgets a known device (DELETE /v1/user/device/{id}); its next sign-in needs an emailed code again. */
export async function forgetDevice(ctx: UpstreamContext, input: { id: string }): Promise<void> {
  await passportCall(ctx, { method: "DELETE", path: `/v1/user/device/${encodeURIComponent(input.id)}`, schema: emptySchema });
}

/** Finishes a sign-in held back for a new device (POST /v1/login/device) with the emailed code. */
export async function loginWithDevice(
  ctx: UpstreamContext,
  input: { challenge: string; code: string; remember: boolean },
): Promise<SessionData> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/login/device",
    body: { challenge: input.challenge, captcha: input.code, remember: input.remember },
    schema: sessionResponse,
  });
}

/** The sign-in providers, whether this account is connected to each, and whether it has a password (GET /v1/user/oauth/list). */
export async function getSocialAccounts(ctx: UpstreamContext): Promise<SocialAccounts> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/oauth/list", schema: socialAccountsResponse });
}

/** Deletes the account with the emailed code of purpose "delete" and both confirmations (POST /v1/user/delete). */
export async function deleteAccount(ctx: UpstreamContext, input: { code: string; nonce: string }): Promise<void> {
  await passportCall(ctx, {
    method: "POST",
    path: "/v1/user/delete",
    body: { captcha: input.code, nonce: input.nonce, financialResponsibility: true, permanentDeletion: true },
    schema: emptySchema,
  });
}

/** The apps with access to the account, most recent first (GET /v1/user/apps). */
export async function getAppAccess(ctx: UpstreamContext): Promise<AppAccessList> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/apps", schema: appAccessResponse });
}

/** Takes one app's access back (DELETE /v1/user/apps/{clientId}); an app without any is 20801. */
export async function removeAppAccess(ctx: UpstreamContext, clientId: string): Promise<void> {
  await passportCall(ctx, { method: "DELETE", path: `/v1/user/apps/${encodeURIComponent(clientId)}`, schema: emptySchema });
}
