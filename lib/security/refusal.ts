import { NextResponse } from "next/server";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { errorMessageKey } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";

/**
 * The answer to a request a page never accepts (see page-requests.ts): the error code and its
 * message in the language of the path (else the visitor's), as the API routes answer, and nothing
 * else changes.
 */
const MESSAGES = { en: en.errors, zh: zh.errors } as const;

export function refusal(status: number, code: number, pathname: string, fallback: Locale): NextResponse {
  const lang: Locale = /^\/zh(\/|$)/.test(pathname) ? "zh" : /^\/en(\/|$)/.test(pathname) ? "en" : fallback;
  const message = MESSAGES[lang][errorMessageKey(code)];
  return NextResponse.json({ ok: false, error: { code }, message }, { status, headers: { "cache-control": "no-store", allow: "GET, HEAD" } });
}
