import type { Context } from "hono";
import { consoleRefusalMessage } from "@/lib/contract/console/screens";
import { ErrorCode, ServiceError } from "../../errors";
import type { AuditTarget } from "../../services/console/audit";
import { audited, serviceRefusal, type Refusal } from "../../services/console/audited";
import { ConsoleError, reasonOf } from "../../services/console/input";
import type { ServicesEnv } from "../env";
import { consoleCaller } from "./guard";

/**
 * The console's operations (enterprises, codes, messages, bans): an operator's change with its
 * reason, written to the audit log whatever the outcome. A refusal of the input is 10001 (400)
 * with the `console.errors` key and the field (`data: {error, field}`); it changes nothing and
 * is audited as failed. The guard has already refused a role too low (403, audited as refused).
 */
export function consoleRefusal(error: ConsoleError): ServiceError {
  // the message names the key too (both from fixed lists, never the caller's input), so the
  // portal's upstream error, which keeps the message and not the data, can say which
  return new ServiceError(ErrorCode.invalidParams, { error: error.key, ...(error.field ? { field: error.field } : {}) }, consoleRefusalMessage(error.key, error.field));
}

/** A read: a refusal of its input becomes the same 10001 with the key (not audited: nothing changed). */
export async function consoleRead<T>(c: Context<ServicesEnv>, run: () => Promise<T>): Promise<T> {
  consoleCaller(c);
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConsoleError) throw consoleRefusal(error);
    throw error;
  }
}

/**
 * A change, through the one audited wrapper (services/console/audited.ts): the reason is checked
 * inside the run, so a bad reason is a failed row too; the failed row names what was attempted and
 * why (the ConsoleError's key, or a ServiceError's code).
 */
export async function consoleChange<T>(
  c: Context<ServicesEnv>,
  input: { action: string; reason: unknown; target: (result: T) => AuditTarget; detail?: (result: T) => Record<string, unknown>; attempted?: Record<string, unknown> },
  run: () => Promise<T>,
): Promise<T> {
  const caller = consoleCaller(c);
  const given = typeof input.reason === "string" ? input.reason.trim().slice(0, 500) || null : null;
  const refusal: Refusal = (error) => {
    if (error instanceof ConsoleError) return { ...input.attempted, why: error.key };
    const service = serviceRefusal(error);
    return service ? { ...input.attempted, ...service } : null;
  };
  try {
    return await audited(
      caller.actor,
      { action: input.action, target: null, reason: given },
      async () => {
        reasonOf(input.reason);
        const result = await run();
        return { result, target: input.target(result), detail: input.detail?.(result) ?? {} };
      },
      refusal,
    );
  } catch (error) {
    if (error instanceof ConsoleError) throw consoleRefusal(error);
    throw error;
  }
}
