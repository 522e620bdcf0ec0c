import "server-only";
import type { z } from "zod";
import type { AppHeaders } from "@/lib/contract/headers";
import type { Locale } from "@/lib/i18n/routing";
import { upstreamFetch, upstreamFetchFile, type HttpMethod, type QueryValue, type UpstreamFile } from "./fetcher";

/** Who is calling: the session token, the UI language, the launch context's app headers, the browser. */
export type UpstreamContext = {
  token?: string;
  lang: Locale;
  app: AppHeaders;
  clientIp?: string;
  clientUserAgent?: string;
  /** the browser's device id (the portal's passport_device cookie), for device security */
  deviceId?: string;
};

/** What the fetcher forwards about the browser behind a context. */
export function forwardedClient(ctx: UpstreamContext) {
  return { ip: ctx.clientIp, userAgent: ctx.clientUserAgent, deviceId: ctx.deviceId };
}

export type PassportCall<T> = {
  method: HttpMethod;
  path: string;
  body?: unknown;
  query?: Record<string, QueryValue>;
  schema: z.ZodType<T>;
};

/** One call on the passport API on behalf of a context (its token, language, app and browser). */
export function passportCall<T>(ctx: UpstreamContext, call: PassportCall<T>): Promise<T> {
  return upstreamFetch({
    service: "passport",
    ...call,
    token: ctx.token,
    lang: ctx.lang,
    app: ctx.app,
    client: forwardedClient(ctx),
  });
}

/** One call on the user service (USER_API_URL: exchange, safety training) on behalf of a context. */
export function userCall<T>(ctx: UpstreamContext, call: PassportCall<T>): Promise<T> {
  return upstreamFetch({ service: "user", ...call, token: ctx.token, lang: ctx.lang, app: ctx.app, client: forwardedClient(ctx) });
}

/** A user-service call answered with a file (the certificate PDF) instead of the JSON envelope. */
export function userFileCall(ctx: UpstreamContext, call: { path: string; query?: Record<string, QueryValue> }): Promise<UpstreamFile> {
  return upstreamFetchFile({ service: "user", method: "GET", ...call, token: ctx.token, lang: ctx.lang, app: ctx.app, client: forwardedClient(ctx) });
}

/** One call on the message service (MESSAGE_API_URL) on behalf of a context, with the same headers. */
export function messageCall<T>(ctx: UpstreamContext, call: PassportCall<T>): Promise<T> {
  return upstreamFetch({
    service: "message",
    ...call,
    token: ctx.token,
    lang: ctx.lang,
    app: ctx.app,
    client: forwardedClient(ctx),
  });
}
