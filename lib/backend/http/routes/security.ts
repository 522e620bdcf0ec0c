import { z } from "zod";
import {
  changePasswordRequest,
  clearSessionsRequest,
  deleteAccountRequest,
  deviceLoginRequest,
  deviceSecurityRequest,
} from "@/lib/contract/user";
import { changePassword, deleteAccount, issueOwnEmailNonce, socialAccountList } from "../../services/account";
import { loginWithDevice } from "../../services/device-sign-in";
import { deviceSecurity, forgetDevice, setDeviceSecurity } from "../../services/devices";
import { clearSessions, listSessions } from "../../services/session-log";
import { authenticate } from "../../services/sessions";
import { readBody, readQuery } from "../context";
import type { Route } from "../types";

/** Account security: password, login log and sessions, device security, social accounts, deletion. */
const sessionLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const securityRoutes: Route[] = [
  {
    method: "PATCH",
    path: "/v1/user/password",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      await changePassword(user, await readBody(ctx, changePasswordRequest));
      return {};
    },
  },
  {
    method: "GET",
    path: "/v1/user/session/log",
    handler: async (ctx) => {
      const { session } = await authenticate(ctx.token);
      return listSessions(session, readQuery(ctx, sessionLogQuery), ctx.lang);
    },
  },
  {
    method: "POST",
    path: "/v1/user/session/clear",
    handler: async (ctx) => {
      const { session } = await authenticate(ctx.token);
      const body = await readBody(ctx, clearSessionsRequest, { optional: true });
      return clearSessions(session, body.sessionId);
    },
  },
  {
    method: "GET",
    path: "/v1/user/device/security",
    handler: async (ctx) => deviceSecurity((await authenticate(ctx.token)).user, ctx.client),
  },
  {
    method: "PATCH",
    path: "/v1/user/device/security",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      return setDeviceSecurity(user, ctx.client, (await readBody(ctx, deviceSecurityRequest)).enabled);
    },
  },
  {
    method: "DELETE",
    path: "/v1/user/device/:id",
    handler: async (ctx) => {
      await forgetDevice((await authenticate(ctx.token)).user, ctx.params.id ?? "");
      return {};
    },
  },
  {
    method: "POST",
    path: "/v1/login/device",
    handler: async (ctx) => loginWithDevice(await readBody(ctx, deviceLoginRequest), ctx.client),
  },
  {
    method: "GET",
    path: "/v1/user/oauth/list",
    handler: async (ctx) => socialAccountList((await authenticate(ctx.token)).user),
  },
  {
    method: "POST",
    path: "/v1/user/verify/email",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      await readBody(ctx, z.object({}), { optional: true });
      return issueOwnEmailNonce(user);
    },
  },
  {
    method: "POST",
    path: "/v1/user/delete",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      await deleteAccount(user, await readBody(ctx, deleteAccountRequest), ctx.client.ip);
      return {};
    },
  },
];
