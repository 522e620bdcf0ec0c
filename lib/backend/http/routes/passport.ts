import { createRoute, z } from "@hono/zod-openapi";
import {
  findPasswordCheckRequest,
  findPasswordCheckResponse,
  findPasswordRequest,
  loginRequest,
  loginWithCodeRequest,
  registerRequest,
  sendCaptchaRequest,
  sendCaptchaResponse,
  sessionResponse,
  userBasicResponse,
  userFullInfoResponse,
  verifyEmailRequest,
  verifyEmailResponse,
} from "@/lib/contract/passport";
import { checkFindPasswordCode, findPassword, login, loginWithCode, register } from "../../services/auth";
import { sendVerificationCode } from "../../services/codes";
import { issueEmailNonce } from "../../services/nonces";
import { authenticate } from "../../services/sessions";
import { signOut } from "../../services/sign-out";
import { fullInfo } from "../../services/profile";
import { enterpriseOf, rememberLanguage, toBasic } from "../../services/users";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, SESSION } from "../openapi";

/** Passport API: codes, sign-up, the ways to sign in, password recovery, the current user, logout. */
const tags = ["sign-in"];
const empty = z.object({});

export function passportRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/verify/email", tags, summary: "Start an emailed-code flow: a nonce for this email", request: { body: json(verifyEmailRequest) }, responses: ok(verifyEmailResponse) }),
    async (c) => reply(c, await issueEmailNonce(c.req.valid("json").email, c.var.client.ip)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/captcha", tags, summary: "Email a code for a nonce and purpose (needs a verification ticket)", request: { body: json(sendCaptchaRequest) }, responses: ok(sendCaptchaResponse) }),
    async (c) => {
      const body = c.req.valid("json");
      const sent = await sendVerificationCode({ email: body.receiver, nonce: body.nonce, purpose: body.type, lang: c.var.lang, ticket: body.ticket, ip: c.var.client.ip });
      return reply(c, sent);
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/register", tags, summary: "Create an account with an emailed code", request: { body: json(registerRequest) }, responses: ok(sessionResponse) }),
    async (c) => reply(c, await register(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/login", tags, summary: "Sign in with email and password", request: { body: json(loginRequest) }, responses: ok(sessionResponse) }),
    async (c) => reply(c, await login(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/login/email/captcha", tags, summary: "Sign in with an emailed code", request: { body: json(loginWithCodeRequest) }, responses: ok(sessionResponse) }),
    async (c) => reply(c, await loginWithCode(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/find/password/check",
      tags,
      summary: "Check an emailed password-recovery code without using it (a wrong check spends one of its attempts)",
      request: { body: json(findPasswordCheckRequest) },
      responses: ok(findPasswordCheckResponse),
    }),
    async (c) => reply(c, await checkFindPasswordCode(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/find/password", tags, summary: "Set a new password with an emailed code; every session ends", request: { body: json(findPasswordRequest) }, responses: ok(empty) }),
    async (c) => {
      await findPassword(c.req.valid("json"), c.var.client);
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/basic", tags: ["user"], summary: "The signed-in user, briefly", security: SESSION, responses: ok(userBasicResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, toBasic(user, await enterpriseOf(user)));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/fullinfo", tags: ["user"], summary: "The signed-in user's profile", security: SESSION, responses: ok(userFullInfoResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      // the first signed-in view of every page: a page in another language moves the account's
      await rememberLanguage(user, c.var.client);
      return reply(c, await fullInfo(user, c.var.lang));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/logout", tags: ["user"], summary: "End this session", security: SESSION, responses: ok(empty) }),
    async (c) => {
      await signOut((await authenticate(c.var.token)).session.id);
      return reply(c, {});
    },
  );
}
