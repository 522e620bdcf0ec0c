import { and, eq, inArray, or } from "drizzle-orm";
import type { AppAccess } from "@/lib/contract/app-access";
import { ErrorCode, ServiceError } from "../errors";
import { getDb } from "../db/client";
import { oidcClients, oidcPayloads } from "../db/schema";
import { endAppSessions } from "./revoke";

/**
 * The apps (OpenID clients) that hold a grant of the account, as its user sees them on the
 * security page, and taking one app's access back: its grants with every code and token issued
 * under them, the app told by back-channel logout for each provider session it was signed into.
 * The other apps, and the portal's own sessions, are untouched. A first-party app that asks
 * again while the user is still signed in to the portal gets a fresh grant (as after a sign-out
 * of that app); a third-party app has to ask for consent again.
 */
type StoredGrant = { clientId?: unknown; openid?: { scope?: unknown }; iat?: unknown };

function grantOf(payload: unknown): { clientId: string; scopes: string[]; iat: number | null } | null {
  const grant = (payload ?? {}) as StoredGrant;
  if (typeof grant.clientId !== "string") return null;
  const scope = typeof grant.openid?.scope === "string" ? grant.openid.scope : "";
  return { clientId: grant.clientId, scopes: scope.split(" ").filter(Boolean), iat: typeof grant.iat === "number" ? grant.iat : null };
}

async function grantsOf(userId: string) {
  const db = await getDb();
  const rows = await db
    .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, "Grant"), eq(oidcPayloads.accountId, userId)));
  return rows.flatMap(({ id, payload }) => {
    const grant = grantOf(payload);
    return grant ? [{ id, ...grant }] : [];
  });
}

/** Each app with a live grant of the account, the most recent first: its name, brand, scopes, since when, and whether it can act while the user is away. */
export async function listAppAccess(userId: string): Promise<AppAccess[]> {
  const grants = await grantsOf(userId);
  if (grants.length === 0) return [];
  const db = await getDb();
  const clientIds = [...new Set(grants.map((grant) => grant.clientId))];
  const clients = await db
    .select({ clientId: oidcClients.clientId, name: oidcClients.name, brand: oidcClients.brand, firstParty: oidcClients.firstParty })
    .from(oidcClients)
    .where(inArray(oidcClients.clientId, clientIds));
  const offline = await db
    .selectDistinct({ grantId: oidcPayloads.grantId })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, "RefreshToken"), inArray(oidcPayloads.grantId, grants.map((grant) => grant.id))));
  const withRefresh = new Set(offline.map((row) => row.grantId));
  return clients
    .map((client) => {
      const own = grants.filter((grant) => grant.clientId === client.clientId);
      const scopes = [...new Set(own.flatMap((grant) => grant.scopes))].sort();
      const since = Math.min(...own.map((grant) => grant.iat ?? Number.MAX_SAFE_INTEGER));
      return {
        clientId: client.clientId,
        name: client.name,
        brand: client.brand,
        firstParty: client.firstParty,
        scopes,
        since: since === Number.MAX_SAFE_INTEGER ? null : new Date(since * 1000).toISOString(),
        offline: own.some((grant) => withRefresh.has(grant.id)),
      };
    })
    .sort((a, b) => (b.since ?? "").localeCompare(a.since ?? ""));
}

/** Takes one app's access back (20801 when the app holds none of this account's). */
export async function removeAppAccess(userId: string, clientId: string): Promise<void> {
  const grants = (await grantsOf(userId)).filter((grant) => grant.clientId === clientId);
  if (grants.length === 0) throw new ServiceError(ErrorCode.appAccessNotFound);
  await endAppSessions(userId, clientId);
  const ids = grants.map((grant) => grant.id);
  const db = await getDb();
  await db.delete(oidcPayloads).where(or(inArray(oidcPayloads.grantId, ids), and(eq(oidcPayloads.model, "Grant"), inArray(oidcPayloads.id, ids))));
}
