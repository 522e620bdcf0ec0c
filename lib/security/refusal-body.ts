import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { errorMessageKey } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";

/**
 * The body of a refusal of a request a page never accepts (page-requests.ts, action-ids.ts):
 * the error code and its message in the language of the path (else the visitor's), as the API
 * routes answer. Shared by the proxy (refusal.ts) and the portal's server.
 */
const MESSAGES = { en: en.errors, zh: zh.errors } as const;

export type RefusalBody = { ok: false; error: { code: number }; message: string };

export function refusalBody(code: number, pathname: string, fallback: Locale): RefusalBody {
  const lang: Locale = /^\/zh(\/|$)/.test(pathname) ? "zh" : /^\/en(\/|$)/.test(pathname) ? "en" : fallback;
  return { ok: false, error: { code }, message: MESSAGES[lang][errorMessageKey(code)] };
}
