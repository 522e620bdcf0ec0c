import { isIP } from "node:net";
import type { z } from "zod";
import { HEADER } from "@/lib/contract/headers";
import { getConfig } from "../config";
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

/**
 * The browser's address. With TRUST_PROXY on: x-client-ip (the portal forwards it on its
 * server-to-server calls, and only in that mode), else the first x-forwarded-for hop. Then
 * the TCP peer (standalone server). Without TRUST_PROXY no header is believed, since any
 * caller could otherwise choose the address its per-IP limits and the IP ban list see.
 */
function clientIp(request: Request, options: ContextOptions): string | null {
  if (getConfig().trustProxy) {
    const forwarded = ipOrNull(request.headers.get(HEADER.clientIp));
    if (forwarded) return forwarded;
    const first = request.headers.get("x-forwarded-for")?.split(",")[0];
    const proxied = ipOrNull(first);
    if (proxied) return proxied;
  }
  return ipOrNull(options.remoteAddress);
}

export function buildContext(request: Request, url: URL, params: Record<string, string>, options: ContextOptions): ServiceContext {
  return {
    request,
    url,
    params,
    lang: langFromHeader(request.headers.get(HEADER.lang)),
    token: header(request, HEADER.utoken),
    client: {
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
 */
export async function readBody<S extends z.ZodType>(ctx: ServiceContext, schema: S): Promise<z.output<S>> {
  const type = ctx.request.headers.get("content-type") ?? "";
  if (!/\bjson\b/i.test(type)) throw new ServiceError(ErrorCode.invalidParams, undefined, "Expected a JSON body.");
  const declared = Number(ctx.request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ServiceError(ErrorCode.informationOutOfLimit);
  const text = await ctx.request.text();
  if (text.length > MAX_BODY_BYTES) throw new ServiceError(ErrorCode.informationOutOfLimit);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServiceError(ErrorCode.invalidParams, undefined, "Expected a JSON body.");
  }
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
