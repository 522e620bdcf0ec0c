import { isIP } from "node:net";
import type { z } from "zod";
import { HEADER } from "@/lib/contract/headers";
import { getConfig } from "../config";
import { sameSecret } from "../crypto";
import { ErrorCode, ServiceError } from "../errors";
import { langFromHeader, type Lang } from "../lang";
import type { ClientInfo } from "../services/sessions";

/** What a handler gets: the request, path parameters, and what the headers say about the caller. */
export type ServiceContext = {
  request: Request;
  url: URL;
  params: Record<string, string>;
  lang: Lang;
  token: string | null;
  client: ClientInfo;
};

export type ContextOptions = {
  /** the TCP peer address, when the server knows it (standalone server) */
  remoteAddress?: string | null;
};

const MAX_BODY_BYTES = 64 * 1024;

function header(request: Request, name: string, max = 256): string | null {
  const value = request.headers.get(name)?.trim();
  return value ? value.slice(0, max) : null;
}

function ipOrNull(value: string | null | undefined): string | null {
  const candidate = value?.trim().replace(/^::ffff:(?=\d+\.)/, "");
  return candidate && isIP(candidate) ? candidate : null;
}

/** The request carries the portal's shared key (PORTAL_SERVICES_KEY), compared in constant time. */
function fromPortal(request: Request): boolean {
  const expected = getConfig().portalServicesKey;
  const presented = request.headers.get(HEADER.portalKey);
  return expected !== null && presented !== null && sameSecret(presented, expected);
}

/**
 * The browser's address. From the portal (its x-portal-key equals PORTAL_SERVICES_KEY):
 * x-client-ip, which the portal forwards on its server-to-server calls. With TRUST_PROXY on:
 * x-client-ip, else the first x-forwarded-for hop. Then the TCP peer (standalone server).
 * Otherwise no header is believed, since any caller could choose the address its per-IP
 * limits and the IP ban list see.
 */
function clientIp(request: Request, options: ContextOptions): string | null {
  const config = getConfig();
  if (!config.trustProxy && fromPortal(request)) {
    const forwarded = ipOrNull(request.headers.get(HEADER.clientIp));
    if (forwarded) return forwarded;
  }
  if (config.trustProxy) {
    const forwarded = ipOrNull(request.headers.get(HEADER.clientIp));
    if (forwarded) return forwarded;
    const first = request.headers.get("x-forwarded-for")?.split(",")[0];
    const proxied = ipOrNull(first);
    if (proxied) return proxied;
  }
  return ipOrNull(options.remoteAddress);
}

/** The browser's device id (x-device-id): 16–256 URL-safe characters, else none. */
function deviceId(request: Request): string | null {
  const value = request.headers.get(HEADER.deviceId)?.trim();
  return value && /^[A-Za-z0-9._~-]{16,256}$/.test(value) ? value : null;
}

export function buildContext(request: Request, url: URL, params: Record<string, string>, options: ContextOptions): ServiceContext {
  const lang = langFromHeader(request.headers.get(HEADER.lang));
  return {
    request,
    url,
    params,
    lang,
    token: header(request, HEADER.utoken),
    client: {
      lang,
      deviceId: deviceId(request),
      ip: clientIp(request, options),
      userAgent: header(request, HEADER.clientUserAgent, 512) ?? header(request, "user-agent", 512),
      appCode: header(request, HEADER.appCode, 64) ?? header(request, HEADER.code, 64),
      platform: header(request, HEADER.appPlatform, 64) ?? header(request, HEADER.system, 64),
      appVersion: header(request, HEADER.appVersionX, 64) ?? header(request, HEADER.appVersion, 64),
    },
  };
}

/**
 * The JSON body checked against a contract schema. Not JSON, not declared as JSON, or
 * invalid → 10001 naming only the failing fields (values, passwords and codes are never echoed).
 * `optional`: a call whose fields are all optional may send no body at all; it reads as {}.
 */
export async function readBody<S extends z.ZodType>(
  ctx: ServiceContext,
  schema: S,
  options: { optional?: boolean } = {},
): Promise<z.output<S>> {
  const type = ctx.request.headers.get("content-type") ?? "";
  const isJson = /\bjson\b/i.test(type);
  if (!isJson && !(options.optional && !type)) {
    throw new ServiceError(ErrorCode.invalidParams, undefined, "Expected a JSON body.");
  }
  const declared = Number(ctx.request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ServiceError(ErrorCode.informationOutOfLimit);
  const text = await ctx.request.text();
  if (text.length > MAX_BODY_BYTES) throw new ServiceError(ErrorCode.informationOutOfLimit);
  if (options.optional && text.trim() === "") return parseWith(schema, {});
  if (!isJson) throw new ServiceError(ErrorCode.invalidParams, undefined, "Expected a JSON body.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServiceError(ErrorCode.invalidParams, undefined, "Expected a JSON body.");
  }
  return parseWith(schema, json);
}

function parseWith<S extends z.ZodType>(schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "(body)"))];
    throw new ServiceError(ErrorCode.invalidParams, { fields });
  }
  return parsed.data;
}

/** The query string checked against a schema; invalid → 10001 naming only the failing fields. */
export function readQuery<S extends z.ZodType>(ctx: ServiceContext, schema: S): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(ctx.url.searchParams));
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "(query)"))];
    throw new ServiceError(ErrorCode.invalidParams, { fields });
  }
  return parsed.data;
}
