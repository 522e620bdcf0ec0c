import type { z } from "zod";
import { envelopeSchema, SUCCESS_CODE } from "@/lib/contract/envelope";
import { ErrorCode } from "@/lib/contract/errors";
import { HTTP_STATUS_BY_CODE } from "@/lib/contract/http-status";
import { HEADER, PASSPORT_VERSION, type AppHeaders } from "@/lib/contract/headers";
import { OPERATOR_TOKEN_HEADER } from "@/lib/contract/console/roles";
import type { Locale } from "@/lib/i18n/routing";
import { portalConfig } from "@/lib/config";
import { isEmbeddedService, upstreamBaseUrl, type UpstreamService } from "./config";
import { UpstreamError } from "./errors";
import { reportOutage } from "./outage";
import { registeredTransport } from "./transport";

/*
 * The one function that talks to the upstream services (SPEC §7). Edge-safe: only
 * fetch, URL, Headers and AbortSignal, no Node APIs and no `server-only`, because the
 * Edge middleware validates tokens through it too. It never logs: requests carry
 * tokens, passwords and codes.
 */

export const DEFAULT_TIMEOUT_MS = 60_000;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The browser behind the portal, forwarded so login logs show the user, not the portal, and
 * device security knows the browser (its random id from the portal's HttpOnly cookie).
 */
export type ForwardedClient = { ip?: string; userAgent?: string; deviceId?: string };

export type UpstreamRequest<T> = {
  service: UpstreamService;
  method: HttpMethod;
  /** a contract path such as `/v1/login`, appended to the service's base URL */
  path: string;
  /** a JSON body, or FormData sent as multipart/form-data (the avatar upload) */
  body?: unknown;
  query?: Record<string, QueryValue>;
  token?: string;
  /** an operator session's token (the console, lib/upstream/console.ts); sent apart from `utoken` */
  operatorToken?: string;
  lang: Locale;
  app: AppHeaders;
  /** checks and reshapes `data` of a successful envelope */
  schema: z.ZodType<T>;
  client?: ForwardedClient;
  timeoutMs?: number;
};

/** The embedded services in this process when a transport is registered, else HTTP. */
function send(service: UpstreamService, url: string, init: RequestInit): Promise<Response> {
  const transport = isEmbeddedService(service) ? registeredTransport() : null;
  if (!transport) return fetch(url, init);
  const { signal } = init;
  if (!signal) return transport(new Request(url, init));
  // the timeout holds as over HTTP: an answer that takes too long is a network error
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  return Promise.race([transport(new Request(url, init)), aborted]);
}

export async function upstreamFetch<T>(request: UpstreamRequest<T>): Promise<T> {
  const url = requestUrl(request.service, request.path, request.query);
  const hasBody = request.body !== undefined && request.method !== "GET";
  let response: Response;
  let text: string;
  try {
    response = await send(request.service, url, {
      method: request.method,
      headers: requestHeaders(request),
      body: !hasBody ? undefined : request.body instanceof FormData ? request.body : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      cache: "no-store",
      // fetch keeps custom headers such as utoken across a redirect to another host; the
      // contract has no redirects, so one is answered as an invalid response instead.
      redirect: "manual",
    });
    // The timeout also covers reading the body, so a stalled body is a network error too.
    text = await response.text();
  } catch (error) {
    throw networkError(error);
  }
  if (response.status === 503) reportOutage();
  return readEnvelope(response, text, request.schema);
}

/** A file the upstream answered with; a failure still comes as the envelope and throws. */
export type UpstreamFile = { bytes: Uint8Array; contentType: string; fileName: string | null };

/** The largest file the portal relays (certificates are tens of KB). */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

export async function upstreamFetchFile(request: Omit<UpstreamRequest<unknown>, "schema" | "body">): Promise<UpstreamFile> {
  const url = requestUrl(request.service, request.path, request.query);
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await send(request.service, url, {
      method: request.method,
      headers: requestHeaders({ ...request, schema: envelopeSchema }),
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      cache: "no-store",
      redirect: "manual",
    });
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw networkError(error);
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (!response.ok || contentType.includes("json")) {
    // an error envelope; readEnvelope throws its code (or 10000 for anything else)
    readEnvelope(response, new TextDecoder().decode(bytes), envelopeSchema);
    throw new UpstreamError({ code: ErrorCode.systemError, message: "Expected a file", httpStatus: 502 });
  }
  if (bytes.length > MAX_FILE_BYTES) throw new UpstreamError({ code: ErrorCode.informationOutOfLimit, message: "File too large", httpStatus: 502 });
  const name = /filename="([^"]{1,200})"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? null;
  return { bytes, contentType: contentType.split(";")[0]?.trim() || "application/octet-stream", fileName: name };
}

/**
 * A file relayed as it arrives, never whole in memory (the users export: a million rows). Errors
 * before the first byte are the envelope's code, as upstreamFetchFile's; the stream itself has a
 * long budget (STREAM_TIMEOUT_MS), not the 60 s of a call.
 */
const STREAM_TIMEOUT_MS = 30 * 60_000;

export async function upstreamFetchStream(request: Omit<UpstreamRequest<unknown>, "schema" | "body">): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }> {
  let response: Response;
  try {
    response = await send(request.service, requestUrl(request.service, request.path, request.query), {
      method: request.method,
      headers: requestHeaders({ ...request, schema: envelopeSchema }),
      signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
      cache: "no-store",
      redirect: "manual",
    });
  } catch (error) {
    throw networkError(error);
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (!response.ok || !response.body) {
    readEnvelope(response, await response.text().catch(() => ""), envelopeSchema);
    throw new UpstreamError({ code: ErrorCode.systemError, message: "Expected a file", httpStatus: 502 });
  }
  return { body: response.body, contentType };
}

function requestUrl(service: UpstreamService, path: string, query: UpstreamRequest<unknown>["query"]): string {
  const url = new URL(`${upstreamBaseUrl(service)}${path.startsWith("/") ? path : `/${path}`}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.append(name, String(value));
  }
  return url.href;
}

function requestHeaders({ token, operatorToken, lang, app, client, body }: UpstreamRequest<unknown>): Headers {
  const headers = new Headers({
    "content-type": "application/json",
    [HEADER.lang]: lang,
    [HEADER.code]: headerValue(app.code),
    [HEADER.system]: headerValue(app.system),
    [HEADER.passportVersion]: PASSPORT_VERSION,
    [HEADER.appVersion]: headerValue(app.appVersion),
    [HEADER.origin]: headerValue(app.origin),
    [HEADER.appCode]: headerValue(app.code),
    [HEADER.appPlatform]: headerValue(app.system),
    [HEADER.appVersionX]: headerValue(app.appVersion),
    [HEADER.appOrigin]: headerValue(app.origin),
  });
  // No token means no session: the header is left out rather than sent empty.
  // fetch writes the multipart content type itself, with its boundary.
  if (body instanceof FormData) headers.delete("content-type");
  if (token) headers.set(HEADER.utoken, headerValue(token));
  if (operatorToken) headers.set(OPERATOR_TOKEN_HEADER, headerValue(operatorToken));
  if (client?.ip) headers.set(HEADER.clientIp, headerValue(client.ip));
  if (client?.userAgent) headers.set(HEADER.clientUserAgent, headerValue(client.userAgent));
  if (client?.deviceId) headers.set(HEADER.deviceId, headerValue(client.deviceId));
  // The services believe x-client-ip only with the shared key (set by instrumentation.ts in the
  // single-app setup, by the operator when deployed apart); it goes only with an address.
  const portalKey = portalConfig().portalServicesKey;
  if (client?.ip && portalKey) headers.set(HEADER.portalKey, headerValue(portalKey));
  return headers;
}

/** Header values must be visible ASCII; anything else would make fetch throw. */
function headerValue(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, "").trim().slice(0, 1024);
}

function readEnvelope<T>(response: Response, text: string, schema: z.ZodType<T>): T {
  const envelope = envelopeSchema.safeParse(parseJson(text));
  if (!envelope.success || (envelope.data.code === SUCCESS_CODE && !response.ok)) {
    throw new UpstreamError({
      code: ErrorCode.systemError,
      message: "Invalid upstream response",
      httpStatus: response.status >= 400 ? response.status : 502,
      cause: envelope.error,
    });
  }
  const { code, data, message } = envelope.data;
  if (code !== SUCCESS_CODE) {
    throw new UpstreamError({
      code,
      message: message ?? `Upstream error ${code}`,
      httpStatus: response.status >= 400 ? response.status : statusForCode(code),
      retryAfter: retryAfterOf(data, response.headers),
      challenge: code === ErrorCode.deviceVerificationRequired ? challengeOf(data, "challenge") : code === ErrorCode.twoStepRequired ? challengeOf(data, "ticket") : undefined,
      data,
    });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new UpstreamError({
      code: ErrorCode.systemError,
      message: "Unexpected upstream data",
      httpStatus: 502,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function statusForCode(code: number): number {
  return (HTTP_STATUS_BY_CODE as Record<number, number | undefined>)[code] ?? 500;
}

/** The device challenge of a 20109 answer, or the ticket of a 20901: a plain token (16–256 characters), else none. */
function challengeOf(data: unknown, key: "challenge" | "ticket"): string | undefined {
  const value = typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" && /^[A-Za-z0-9._~-]{16,256}$/.test(value) ? value : undefined;
}

function retryAfterOf(data: unknown, headers: Headers): number | undefined {
  const fromData = typeof data === "object" && data !== null ? (data as { retryAfter?: unknown }).retryAfter : undefined;
  const value = fromData ?? headers.get("retry-after");
  const seconds = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** Errors that mean the service cannot be reached at all (SPEC §8 code 1000). */
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);

/**
 * fetch rejects with a bare TypeError ("fetch failed") whose `cause` (sometimes an
 * AggregateError) carries the system error code; an abort or timeout rejects with a
 * DOMException. Unreachable services give 1000, every other failure of the exchange
 * (timeout, abort, reset, ERR_NETWORK, ECONNABORTED, ETIMEDOUT) gives 1002.
 */
function networkError(error: unknown): UpstreamError {
  const codes = errorCodes(error);
  const unreachable = codes.some((code) => UNREACHABLE.has(code));
  const code = unreachable ? ErrorCode.offline : ErrorCode.networkError;
  if (unreachable) reportOutage();
  // a timeout stays 1002 (SPEC §8) but is told apart, so the user reads 'Request timed out'
  const timedOut = !unreachable && (isTimeout(error) || codes.includes("ETIMEDOUT") || codes.includes("UND_ERR_HEADERS_TIMEOUT") || codes.includes("UND_ERR_BODY_TIMEOUT"));
  return new UpstreamError({
    code,
    message: unreachable ? "Network connection failed" : timedOut ? "Request timed out" : "Network error",
    httpStatus: statusForCode(code),
    cause: error,
    ...(timedOut ? { timedOut: true } : {}),
  });
}

function isTimeout(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  if ((error as { name?: unknown }).name === "TimeoutError") return true;
  return isTimeout((error as { cause?: unknown }).cause, depth + 1);
}

function errorCodes(error: unknown, depth = 0): string[] {
  if (typeof error !== "object" || error === null || depth > 4) return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const nested = Array.isArray(errors) ? errors.flatMap((inner: unknown) => errorCodes(inner, depth + 1)) : [];
  return [...(typeof code === "string" ? [code] : []), ...errorCodes(cause, depth + 1), ...nested];
}
