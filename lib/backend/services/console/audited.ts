import { inTransaction } from "../../db/client";
import { ServiceError } from "../../errors";
import { audit, type Actor, type AuditTarget } from "./audit";

/**
 * The one way an operator's action is run and audited, from the console (http/console/*) and
 * from the command line (cli/run.ts) alike: ok with what it did, or failed with the refusal.
 * The action and its ok row run in one transaction: an audit row that cannot be written undoes
 * the action, and an action that fails leaves nothing behind but its failed row (written after
 * the rollback). A refusal is what `refusal` recognises (the services' ServiceError by default,
 * kept as `errorCode`); anything else is a fault, left unaudited to the caller's error handling.
 *
 * `entry.target` and `entry.attempted` are read when the row is written, so a run may fill them
 * in as it learns them (a code's batch once the code is found); a result's target wins.
 */
export type AuditedEntry = { action: string; target: AuditTarget; reason: string | null; attempted?: Record<string, unknown> };
export type AuditedResult<T> = { result: T; target?: AuditTarget; detail?: Record<string, unknown> };
/** The detail of a refusal's audit row, or null when the error is not a refusal. */
export type Refusal = (error: unknown) => Record<string, unknown> | null;

export const serviceRefusal: Refusal = (error) => (error instanceof ServiceError ? { errorCode: error.code } : null);

export async function audited<T>(who: Actor, entry: AuditedEntry, run: () => Promise<AuditedResult<T>>, refusal: Refusal = serviceRefusal): Promise<T> {
  try {
    return await inTransaction(async () => {
      const done = await run();
      await audit(who, entry.action, done.target ?? entry.target, entry.reason, "ok", { ...entry.attempted, ...done.detail });
      return done.result;
    });
  } catch (error) {
    const refused = refusal(error);
    if (refused) await audit(who, entry.action, entry.target, entry.reason, "failed", { ...entry.attempted, ...refused });
    throw error;
  }
}
