import { z } from "zod";
import { codeField, emailField, loginPasswordField, nonceField, passwordField } from "./fields";
import { sessionResponse } from "./passport";
import { CHANNEL_PATTERN, SOCIAL_OPS } from "./social-return";

/**
 * Social sign-in on the passport API (SPEC §7): the browser round trip through the provider,
 * the native apps' token exchange, the connection screen's ticket, and disconnecting.
 */
export const channelSchema = z.string().regex(CHANNEL_PATTERN);
export const channelParams = z.object({ channel: channelSchema });
export const socialOpSchema = z.enum(SOCIAL_OPS);

const short = (max: number) => z.string().trim().max(max).optional();

// GET /v1/oauth/{channel}/auth — a browser navigation; answers with a redirect to the provider.
// uri must be one of the portal's callback addresses (SOCIAL_CALLBACK_URLS); r and p come back with it.
export const socialAuthQuery = z.object({
  op: socialOpSchema.default("login"),
  /**
   * op=bind: the one-time ticket of the session to connect the provider to (POST
   * /v1/oauth/bind-ticket); an address never carries the session itself
   */
  bt: short(1024),
  /**
   * op=bind, older contract: the session token itself, for an upstream passport API that has no
   * bind tickets (the portal sends it only with SOCIAL_BIND_SESSION_TOKEN=true; the reference
   * services never accept it, docs/social.md)
   */
  ut: short(256),
  uri: z.string().max(2048),
  /** the provider's client id to use; only the configured web client is accepted */
  cid: short(256),
  lang: short(16),
  appCode: short(64),
  appPlatform: short(64),
  appVersion: short(64),
  appOrigin: short(64),
  /** where the portal sends the user afterwards (checked again by the portal) */
  r: short(2048),
  /**
   * sha256 (hex) of the browser's device id, from the portal: a sign-in held for two-step is
   * bound to that device (the callback itself carries no device id)
   */
  dh: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type SocialAuthQuery = z.infer<typeof socialAuthQuery>;

// POST /v1/oauth/bind-ticket (session) — a ticket for one op=bind round trip of this session to
// this provider: single use, BIND_TICKET_TTL_SECONDS; 20305 for an enterprise account.
export const bindTicketRequest = z.object({ channel: channelSchema });
export const bindTicketResponse = z.object({ ticket: z.string().min(32).max(1024), expiresIn: z.number().int() });

// GET (query) and POST (form_post, Apple) /v1/oauth/{channel}/callback — the provider's answer.
export const socialCallbackParams = z.object({
  code: short(4096),
  state: short(1024),
  error: short(256),
  iss: short(2048),
  /** Apple's first authorization: the user's name as JSON (never trusted for the email) */
  user: short(4096),
});

// POST /v1/oauth/{channel}/login-with-accesstoken — a native app that holds the provider's token.
// cid: the client id the token was issued to (the web client or one of SOCIAL_<P>_NATIVE_CLIENT_IDS).
// An ID token is checked with the provider's keys; an access token by the provider's introspection.
export const nativeLoginRequest = z
  .object({
    channel: channelSchema.optional(),
    cid: z.string().trim().min(1).max(256),
    op: socialOpSchema.default("login"),
    accessToken: z.string().min(1).max(8192).optional(),
    idToken: z.string().min(1).max(8192).optional(),
  })
  .refine((body) => body.accessToken !== undefined || body.idToken !== undefined, { error: "tokenRequired", path: ["accessToken"] });
/** utoken is null for op=bind (the caller's own session stays). */
export const nativeLoginResponse = z.object({ utoken: z.string().min(32).nullable(), uid: z.string().uuid(), created: z.boolean() });

// A ticket for what a social sign-in could not finish alone (20311 connect, 20312 email);
// single use, 10 minutes. The portal keeps it in an HttpOnly cookie, never in a page.
const ticketField = z.string().min(16).max(128);
export const socialLinkRequest = z.object({ ticket: ticketField });
export const socialLinkResponse = z.object({
  /** connect: prove the existing account (password or code); email: give and verify an email */
  kind: z.enum(["connect", "email"]),
  channel: z.string(),
  /** the existing account's email (connect); null when one has to be given (email) */
  email: z.string().nullable(),
  /** the name the provider shows for its account */
  name: z.string().nullable(),
});
export type SocialLink = z.infer<typeof socialLinkResponse>;

// POST /v1/oauth/link/confirm — the proof, then the connection and a session.
// A code is one of purpose "social" for the account's email (connect) or the given email (email).
export const socialLinkConfirmRequest = z.discriminatedUnion("method", [
  z.object({ ticket: ticketField, method: z.literal("password"), password: loginPasswordField }),
  z.object({ ticket: ticketField, method: z.literal("code"), email: emailField.optional(), captcha: codeField, nonce: nonceField }),
]);
export const socialSessionResponse = sessionResponse.extend({ created: z.boolean() });

// POST /v1/user/unbind/oauth — disconnect a provider from the signed-in account.
export const unbindRequest = z.object({ channel: channelSchema });

// POST /v1/user/password/set — a first password for an account made by social sign-in, with a
// code of purpose "findpwd" to the account's own address; the sessions stay.
export const setPasswordRequest = z.object({ captcha: codeField, nonce: nonceField, password: passwordField });
