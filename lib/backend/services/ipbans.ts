import { desc, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { now } from "../clock";
import { getDb } from "../db/client";
import { ipBans } from "../db/schema";
import { normalizeIp } from "../net/addresses";

export { parseNetwork } from "../net/addresses";

/**
 * The IP ban list: single addresses or CIDR ranges (IPv4 and IPv6), kept in the database so
 * every instance sees an operator's change at once.
 */
export type IpBan = { network: string; createdAt: Date };

/** The condition "a ban's network covers this address" (an address as text, or a placeholder for one). */
export function banCovers(address: string | SQLWrapper): SQL {
  return sql`${address}::inet <<= ${ipBans.network}`;
}

export async function isIpBanned(ip: string | null): Promise<boolean> {
  const address = normalizeIp(ip);
  if (!address) return false;
  const db = await getDb();
  const rows = await db
    .select({ network: ipBans.network })
    .from(ipBans)
    .where(banCovers(address))
    .limit(1);
  return rows.length > 0;
}

/** Adds the address or range; false when it was already listed. */
export async function addIpBan(network: string): Promise<boolean> {
  const db = await getDb();
  const inserted = await db
    .insert(ipBans)
    .values({ network, createdAt: now() })
    .onConflictDoNothing()
    .returning({ network: ipBans.network });
  return inserted.length > 0;
}

/** Removes exactly this address or range; false when it was not listed. */
export async function removeIpBan(network: string): Promise<boolean> {
  const db = await getDb();
  const removed = await db
    .delete(ipBans)
    .where(sql`${ipBans.network} = ${network}::inet`)
    .returning({ network: ipBans.network });
  return removed.length > 0;
}

export async function listIpBans(): Promise<IpBan[]> {
  const db = await getDb();
  return db.select().from(ipBans).orderBy(desc(ipBans.createdAt));
}
