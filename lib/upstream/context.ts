import "server-only";
import type { z } from "zod";
import type { AppHeaders } from "@/lib/contract/headers";
import type { Locale } from "@/lib/i18n/routing";
import { upstreamFetch, type HttpMethod, type QueryValue } from "./fetcher";

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
