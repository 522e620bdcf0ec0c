import { NextResponse, type NextRequest } from "next/server";
import type { PortalConfig } from "@/lib/config";
import { contentSecurityPolicy } from "@/lib/security/headers";
import { newNonce } from "@/lib/security/page-scripts";
import { consoleRoutePath } from "./cookie";

/**
 * What the proxy does with a console path (/{lang}/{CONSOLE_BASE_PATH}/…): hand it to the
 * console's route folder (app/[lang]/console) whatever the base is, rendered per request with a
 * fresh nonce, and say on the answer: never framed (frame-ancestors 'none'), never stored, never
 * indexed. No consumer-session work happens here: the console has its own cookie and guard.
 */
export const CONSOLE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
} as const;

export function consolePolicy(config: PortalConfig, https: boolean, nonce: string): string {
  return contentSecurityPolicy(config, https, { kind: "nonce", nonce }).replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");
}

export function consoleResponse(request: NextRequest, lang: string, rest: string, config: PortalConfig, https: boolean): NextResponse {
  const policy = consolePolicy(config, https, newNonce());
  const headers = new Headers(request.headers);
  headers.set("X-NEXT-INTL-LOCALE", lang);
  headers.set("Content-Security-Policy", policy);
  const target = `/${lang}/${consoleRoutePath(rest, config.consoleBasePath)}`;
  const response =
    target === request.nextUrl.pathname
      ? NextResponse.next({ request: { headers } })
      : NextResponse.rewrite(new URL(target + request.nextUrl.search, request.url), { request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(CONSOLE_HEADERS)) response.headers.set(name, value);
  return response;
}
