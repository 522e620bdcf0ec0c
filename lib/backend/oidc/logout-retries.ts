import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { addSeconds, now } from "../clock";
import { getDb } from "../db/client";
import { oidcPayloads } from "../db/schema";
import { log } from "../log";

/**
 * The back-channel logout tokens to send again (revoke.ts sends them): rows of the provider's
 * table, model LogoutRetry, with no account id, so a revocation never deletes them. Kept apart
 * from revoke.ts so the provider's own logout (provider.ts) can record one without importing
 * what imports the provider.
 */
export type LogoutTarget = { clientId: string; accountId: string; sid: string };

const RETRY_MODEL = "LogoutRetry";
/** seconds before each new try, after the first failure, the second…; then given up */
const LOGOUT_RETRY_BACKOFF = [30, 120, 600, 3600, 6 * 3600] as const;

/** Remember a logout token an app did not take: `failures` tries have failed so far. */
export async function scheduleLogoutRetry(target: LogoutTarget, failures: number): Promise<void> {
  const wait = LOGOUT_RETRY_BACKOFF[failures - 1];
  if (wait === undefined) {
    log().warn({ event: "oidc backchannel logout given up", clientId: target.clientId, tries: failures }, "an app never accepted its logout token; given up");
    return;
  }
  const at = now();
  const db = await getDb();
  await db.insert(oidcPayloads).values({
    model: RETRY_MODEL,
    id: randomUUID(),
    payload: { ...target, failures, dueAt: addSeconds(at, wait).getTime() },
    // kept past the last try's time, then pruned like every expired row of the table
    expiresAt: addSeconds(at, wait + 3600),
  });
}

function retryTarget(payload: unknown): (LogoutTarget & { failures: number }) | null {
  if (typeof payload !== "object" || payload === null) return null;
  const { clientId, accountId, sid, failures } = payload as Record<string, unknown>;
  if (typeof clientId !== "string" || typeof accountId !== "string" || typeof sid !== "string" || typeof failures !== "number") return null;
  return { clientId, accountId, sid, failures };
}

/** The retries due by `at`, each taken (deleted) by one instance only: a DELETE … RETURNING. */
export async function takeDueLogoutRetries(at: Date): Promise<Array<LogoutTarget & { failures: number }>> {
  const db = await getDb();
  const due = db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, RETRY_MODEL), sql`(${oidcPayloads.payload} ->> 'dueAt')::bigint <= ${at.getTime()}`))
    .limit(50);
  const taken = await db
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.model, RETRY_MODEL), inArray(oidcPayloads.id, due)))
    .returning({ payload: oidcPayloads.payload });
  return taken.flatMap((row) => {
    const target = retryTarget(row.payload);
    return target ? [target] : [];
  });
}
