import { createRoute, z } from "@hono/zod-openapi";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import {
  bindTicketRequest,
  bindTicketResponse,
  channelParams,
  nativeLoginRequest,
  nativeLoginResponse,
  setPasswordRequest,
  socialAuthQuery,
  socialCallbackParams,
  socialLinkConfirmRequest,
  socialLinkRequest,
  socialLinkResponse,
  socialSessionResponse,
  unbindRequest,
} from "@/lib/contract/social";
import { ErrorCode, ServiceError } from "../../errors";
import { authenticate } from "../../services/sessions";
import { setFirstPassword, unbindProvider } from "../../services/social-accounts";
import { confirmLink, describeLink } from "../../services/social-link-confirm";
import { loginWithProviderToken } from "../../services/social-native";
import { createBindTicket } from "../../social/bind-ticket";
import { finishAuthorization, type CallbackParams } from "../../social/finish";
import { startAuthorization, type Redirect } from "../../social/start";
import type { ServicesApp } from "../env";
import type { ServicesEnv } from "../env";
import { reply } from "../envelope";
import { json, ok, SESSION } from "../openapi";

/**
 * Social sign-in (SPEC §7): the browser's round trip through the provider (/auth, /callback),
 * native apps' provider tokens, the connection screen's ticket, and account security's
 * disconnect and first password. The round trip answers with redirects; their addresses carry
 * tokens, so they are never cached or sent on as a referrer, and the services' request log
 * holds the route pattern only, never the query.
 */
const tags = ["social"];
const empty = z.object({});
const REDIRECT = {
  302: { description: "To the provider, or back to the portal's callback address (uri) with the outcome" },
  default: { description: "Failure: 20307 when uri is not one of the portal's callback addresses" },
};
const NO_LEAK = { "cache-control": "no-store", "referrer-policy": "no-referrer" } as const;

function redirectTo(c: Context<ServicesEnv>, target: Redirect) {
  for (const [name, value] of Object.entries(NO_LEAK)) c.header(name, value);
  if (target.cookie) setCookie(c, target.cookie.name, target.cookie.value, target.cookie.options);
  return c.redirect(target.location, 302);
}

export function socialRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/oauth/{channel}/auth", tags, summary: "Start a social sign-in (op=login) or connection (op=bind)", request: { params: channelParams, query: socialAuthQuery }, responses: REDIRECT }),
    // Next hands its route handlers a URL on its own host name: the browser's Host says what it used.
    async (c) => redirectTo(c, await startAuthorization(c.req.valid("param").channel, c.req.valid("query"), c.req.header("host") ?? new URL(c.req.url).host)),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/oauth/bind-ticket",
      tags,
      summary: "A one-time ticket for this session's op=bind round trip (5 minutes, single use): the address carries it, never the session",
      security: SESSION,
      request: { body: json(bindTicketRequest) },
      responses: ok(bindTicketResponse),
    }),
    async (c) => reply(c, await createBindTicket(await authenticate(c.var.token), c.req.valid("json").channel)),
  );

  const finish = async (c: Context<ServicesEnv>, channel: string, params: CallbackParams) => {
    const done = await finishAuthorization(channel, params, getCookie(c), c.var.client, c.req.header("host") ?? null);
    const path = new URL(c.req.url).pathname.replace(/callback$/, "");
    if (done.clearCookie) deleteCookie(c, done.clearCookie, { path, secure: true, sameSite: "None" });
    return redirectTo(c, done);
  };

  app.openapi(
    createRoute({ method: "get", path: "/v1/oauth/{channel}/callback", tags, summary: "The provider's answer (query)", request: { params: channelParams, query: socialCallbackParams }, responses: REDIRECT }),
    async (c) => finish(c, c.req.valid("param").channel, c.req.valid("query")),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/oauth/{channel}/callback",
      tags,
      summary: "The provider's answer (form_post, Apple)",
      request: { params: channelParams, body: { content: { "application/x-www-form-urlencoded": { schema: socialCallbackParams } }, required: true } },
      responses: REDIRECT,
    }),
    async (c) => finish(c, c.req.valid("param").channel, c.req.valid("form")),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/oauth/{channel}/login-with-accesstoken",
      tags,
      summary: "Sign in (or connect, with utoken) with a provider token a native app holds",
      request: { params: channelParams, body: json(nativeLoginRequest) },
      responses: ok(nativeLoginResponse),
    }),
    async (c) => {
      const { channel } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body.channel && body.channel !== channel) throw new ServiceError(ErrorCode.invalidParams, { fields: ["channel"] });
      return reply(c, await loginWithProviderToken(channel, body, c.var.client, c.var.token));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/oauth/link", tags, summary: "What a connection ticket is for", request: { body: json(socialLinkRequest) }, responses: ok(socialLinkResponse) }),
    async (c) => reply(c, await describeLink(c.req.valid("json").ticket)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/oauth/link/confirm", tags, summary: "Prove the account (password or code), connect, sign in", request: { body: json(socialLinkConfirmRequest) }, responses: ok(socialSessionResponse) }),
    async (c) => reply(c, await confirmLink(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/unbind/oauth", tags, summary: "Disconnect a provider from the account (a recent step-up proof, else 20113)", security: SESSION, request: { body: json(unbindRequest) }, responses: ok(empty) }),
    async (c) => {
      await unbindProvider(await authenticate(c.var.token), c.req.valid("json").channel, c.var.client);
      return reply(c, {});
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/password/set", tags, summary: "A first password for an account made by social sign-in", security: SESSION, request: { body: json(setPasswordRequest) }, responses: ok(empty) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      await setFirstPassword(user, c.req.valid("json"), c.var.client);
      return reply(c, {});
    },
  );
}

