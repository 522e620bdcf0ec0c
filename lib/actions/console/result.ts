import "server-only";
import { ErrorCode } from "@/lib/contract/errors";
import { consoleRefusalOf, type ConsoleErrorKey, type ConsoleResult } from "@/lib/contract/console/screens";
import { localeOf } from "@/lib/i18n/routing";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { ConsoleContext } from "@/lib/upstream/console";
import { consoleAction } from "@/lib/console/session";

/**
 * A console operation as a server action's answer: the data, or the refusal's message key
 * (the services name it for 10001), 20102 as "forbidden", an ended session with where to go.
 */
export async function consoleResult<T>(lang: string, run: (ctx: ConsoleContext) => Promise<T>): Promise<ConsoleResult<T>> {
  const seen: { refusal: { key: ConsoleErrorKey; field?: string } | null } = { refusal: null };
  const result = await consoleAction(localeOf(lang), async (ctx) => {
    try {
      return { data: await run(ctx) };
    } catch (error) {
      if (isUpstreamError(error) && error.code === ErrorCode.invalidParams) seen.refusal = consoleRefusalOf(error.data);
      throw error;
    }
  });
  if (result.ok) return { ok: true, data: result.data };
  if (result.error.redirect) return { ok: false, error: "failed", redirect: result.error.redirect };
  if (seen.refusal) return { ok: false, error: seen.refusal.key, ...(seen.refusal.field ? { field: seen.refusal.field } : {}) };
  return { ok: false, error: result.error.code === ErrorCode.insufficientAuthority ? "forbidden" : "failed" };
}
