import { ServiceError } from "../../errors";
import { audit, type AuditTarget } from "../../services/console/audit";
import type { ConsoleCaller } from "./guard";

/**
 * Runs a console action and writes its audit entry: ok with what it did, or failed with the
 * refusal's code (an unexpected fault is left to the app's error handler, unaudited).
 */
export async function audited<T>(caller: ConsoleCaller, action: string, target: AuditTarget, reason: string, run: () => Promise<{ result: T; detail?: Record<string, unknown> }>): Promise<T> {
  try {
    const { result, detail } = await run();
    await audit(caller.actor, action, target, reason, "ok", detail);
    return result;
  } catch (error) {
    if (error instanceof ServiceError) await audit(caller.actor, action, target, reason, "failed", { code: error.code });
    throw error;
  }
}
