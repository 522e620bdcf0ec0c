import { NextResponse } from "next/server";
import { portalLog } from "@/lib/log";
import type { Locale } from "@/lib/i18n/routing";
import { refusalBody } from "./refusal-body";

/**
 * The proxy's answer to a request a page never accepts (see page-requests.ts): the error code
 * and its translated message (refusal-body.ts), one log line saying why (never the body), and
 * nothing else changes.
 */
export function refusal(status: number, code: number, pathname: string, fallback: Locale, reason: string): NextResponse {
  portalLog().warn({ event: "request refused", status, code, path: pathname, reason }, "a page refused a request");
  return NextResponse.json(refusalBody(code, pathname, fallback), { status, headers: { "cache-control": "no-store", allow: "GET, HEAD" } });
}
