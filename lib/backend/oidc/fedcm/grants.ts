import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { now } from "../../clock";
import { getDb } from "../../db/client";
import { oidcPayloads } from "../../db/schema";

/**
 * The user's grants as the OpenID Provider keeps them (model Grant in its table, adapter.ts): the
 * apps the user has signed in to and allowed. FedCM reads them for the accounts list
 * (`approved_clients`) and to tell whether a third-party app was ever allowed, and removes one on
 * a disconnect, as a revocation in the portal does (revoke.ts), with every token made from it.
 */
export type StoredGrant = { id: string; clientId: string; scope: string };

function scopeOf(payload: unknown): string {
  const openid = (payload as { openid?: { scope?: unknown } } | null)?.openid;
  return typeof openid?.scope === "string" ? openid.scope : "";
}

export async function grantsOf(accountId: string): Promise<StoredGrant[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, "Grant"), eq(oidcPayloads.accountId, accountId), or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now()))));
  return rows.flatMap(({ id, payload }) => {
    const clientId = (payload as { clientId?: unknown } | null)?.clientId;
    return typeof clientId === "string" ? [{ id, clientId, scope: scopeOf(payload) }] : [];
  });
}

/** Ends what the app holds for the user: its grants and every code and token issued from them. */
export async function removeGrantsFor(accountId: string, clientId: string): Promise<number> {
  const ids = (await grantsOf(accountId)).filter((grant) => grant.clientId === clientId).map((grant) => grant.id);
  if (ids.length === 0) return 0;
  const db = await getDb();
  await db.delete(oidcPayloads).where(or(inArray(oidcPayloads.grantId, ids), and(eq(oidcPayloads.model, "Grant"), inArray(oidcPayloads.id, ids))));
  return ids.length;
}
