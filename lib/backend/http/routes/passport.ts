import { loginRequest, registerRequest, sendCaptchaRequest, verifyEmailRequest } from "@/lib/contract/passport";
import { login, register } from "../../services/auth";
import { sendVerificationCode } from "../../services/codes";
import { issueEmailNonce } from "../../services/nonces";
import { authenticate, endSession } from "../../services/sessions";
import { toBasic, toFullInfo } from "../../services/users";
import { readBody } from "../context";
import type { Route } from "../types";

/** Passport API, first slice: codes, sign-up, sign-in, the current user, logout. */
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
      return sendVerificationCode({ email: body.receiver, nonce: body.nonce, purpose: body.type, lang: ctx.lang });
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
    method: "GET",
    path: "/v1/user/basic",
    handler: async (ctx) => toBasic((await authenticate(ctx.token)).user),
  },
  {
    method: "GET",
    path: "/v1/user/fullinfo",
    handler: async (ctx) => toFullInfo((await authenticate(ctx.token)).user),
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
