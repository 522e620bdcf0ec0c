import { and, desc, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { now } from "../clock";
import { getDb, preparedOnce } from "../db/client";
import { ipBans } from "../db/schema";
import { normalizeIp } from "../net/addresses";

export { parseNetwork } from "../net/addresses";

/**
 * The IP ban list: single addresses or CIDR ranges (IPv4 and IPv6), kept in the database so
 * every instance sees an operator's change at once.
 */
export type IpBan = { network: string; createdAt: Date; reason: string | null; expiresAt: Date | null };

/**
 * The condition "a ban in force covers this address": the address as text (or a placeholder
 * for one), and the time to judge expiry at (a placeholder in a prepared query, which is
 * built once and must not freeze the time it was built at).
 */
export function banCovers(address: string | SQLWrapper, at: Date | SQLWrapper = now()): SQL {
  return sql`(${address}::inet <<= ${ipBans.network} and (${ipBans.expiresAt} is null or ${ipBans.expiresAt} > ${at}::timestamptz))`;
}

/** Every passkey sign-in's options and every code request ask it: built once (db/client.ts, preparedOnce). */
const banOfAddress = preparedOnce((db) =>
  db
    .select({ network: ipBans.network })
    .from(ipBans)
    .where(banCovers(sql.placeholder("address"), sql.placeholder("at")))
    .limit(1)
    .prepare("ip_ban_of_address"),
);

export async function isIpBanned(ip: string | null): Promise<boolean> {
  const address = normalizeIp(ip);
  if (!address) return false;
  const rows = await banOfAddress(await getDb()).execute({ address, at: now() });
  return rows.length > 0;
}

/**
 * Adds the address or range; false when a ban of it is in force already. A listed ban that
 * has expired is replaced by the new one.
 */
export async function addIpBan(network: string, details: { reason?: string | null; expiresAt?: Date | null } = {}): Promise<boolean> {
  const db = await getDb();
  const at = now();
  const values = { network, createdAt: at, reason: details.reason ?? null, expiresAt: details.expiresAt ?? null };
  const inserted = await db
    .insert(ipBans)
    .values(values)
    .onConflictDoUpdate({ target: ipBans.network, set: values, setWhere: and(sql`${ipBans.expiresAt} is not null`, sql`${ipBans.expiresAt} <= ${at.toISOString()}::timestamptz`) })
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
