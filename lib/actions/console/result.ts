import "server-only";
import { ErrorCode } from "@/lib/contract/errors";
import { consoleRefusalOf, FORM_FIELD } from "@/lib/contract/console/screens";
import { localeOf } from "@/lib/i18n/routing";
import type { ActionError, ActionResult } from "@/lib/session/action-result";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { ConsoleContext } from "@/lib/upstream/console";
import { consoleAction } from "@/lib/console/session";

/** A console action's answer: the portal's ActionResult, its data under `data`. */
export type ConsoleActionResult<T> = ActionResult<{ data: T }>;

/** A refusal the action itself makes before calling the services: 10001 with the message key on its field. */
export function consoleRefused(key: string, field: string = FORM_FIELD): { ok: false; error: ActionError } {
  return { ok: false, error: { code: ErrorCode.invalidParams, fields: { [field]: key } } };
}

/**
 * A console operation as a server action's answer: the data, or the ActionError with its
 * numeric code. A refused input (10001) carries the services' message key (`console.errors`) on
 * the field it concerns (`form` when it names none), read from the upstream error's data; an
 * ended session keeps its `redirect` (consoleAction).
 */
export async function consoleResult<T>(lang: string, run: (ctx: ConsoleContext) => Promise<T>): Promise<ConsoleActionResult<T>> {
  const seen: { fields: Record<string, string> | null } = { fields: null };
  const result = await consoleAction(localeOf(lang), async (ctx) => {
    try {
      return { data: await run(ctx) };
    } catch (error) {
      const refusal = isUpstreamError(error) && error.code === ErrorCode.invalidParams ? consoleRefusalOf(error.data) : null;
      if (refusal) seen.fields = { [refusal.field ?? FORM_FIELD]: refusal.key };
      throw error;
    }
  });
  if (result.ok || !seen.fields) return result;
  return { ok: false, error: { ...result.error, fields: seen.fields } };
}
