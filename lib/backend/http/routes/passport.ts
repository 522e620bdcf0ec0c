import {
  findPasswordRequest,
  loginRequest,
  loginWithCodeRequest,
  registerRequest,
  sendCaptchaRequest,
  verifyEmailRequest,
} from "@/lib/contract/passport";
import { findPassword, login, loginWithCode, register } from "../../services/auth";
import { sendVerificationCode } from "../../services/codes";
import { issueEmailNonce } from "../../services/nonces";
import { authenticate, endSession } from "../../services/sessions";
import { fullInfo } from "../../services/profile";
import { enterpriseOf, toBasic } from "../../services/users";
import { readBody } from "../context";
import type { Route } from "../types";

/** Passport API: codes, sign-up, the ways to sign in, password recovery, the current user, logout. */
export const passportRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/verify/email",
    handler: async (ctx) => issueEmailNonce((await readBody(ctx, verifyEmailRequest)).email),
  },
  {
    method: "POST",
    path: "/v1/captcha",
    handler: async (ctx) => {
      const body = await readBody(ctx, sendCaptchaRequest);
      return sendVerificationCode({
        email: body.receiver,
        nonce: body.nonce,
        purpose: body.type,
        lang: ctx.lang,
        ticket: body.ticket,
        ip: ctx.client.ip,
      });
    },
  },
  {
    method: "POST",
    path: "/v1/register",
    handler: async (ctx) => register(await readBody(ctx, registerRequest), ctx.client),
  },
  {
    method: "POST",
    path: "/v1/login",
    handler: async (ctx) => login(await readBody(ctx, loginRequest), ctx.client),
  },
  {
    method: "POST",
    path: "/v1/login/email/captcha",
    handler: async (ctx) => loginWithCode(await readBody(ctx, loginWithCodeRequest), ctx.client),
  },
  {
    method: "POST",
    path: "/v1/find/password",
    handler: async (ctx) => {
      await findPassword(await readBody(ctx, findPasswordRequest), ctx.client);
      return {};
    },
  },
  {
    method: "GET",
    path: "/v1/user/basic",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      return toBasic(user, await enterpriseOf(user));
    },
  },
  {
    method: "GET",
    path: "/v1/user/fullinfo",
    handler: async (ctx) => {
      const { user } = await authenticate(ctx.token);
      return fullInfo(user, ctx.lang);
    },
  },
  {
    method: "POST",
    path: "/v1/user/logout",
    handler: async (ctx) => {
      await endSession((await authenticate(ctx.token)).session.id);
      return {};
    },
  },
];
