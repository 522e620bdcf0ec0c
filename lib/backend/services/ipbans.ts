import { BlockList, isIP } from "node:net";
import { desc, sql } from "drizzle-orm";
import { now } from "../clock";
import { getDb } from "../db/client";
import { ipBans } from "../db/schema";

/**
 * The IP ban list: single addresses or CIDR ranges (IPv4 and IPv6), kept in the database so
 * every instance sees an operator's change at once.
 */
export type IpBan = { network: string; createdAt: Date };

/** "203.0.113.7", "2001:db8::1", "198.51.100.0/24", "2001:db8::/32" → canonical text; else null. */
export function parseNetwork(value: string): string | null {
  const text = value.trim();
  const [address = "", prefix, ...rest] = text.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return null;
  if (prefix === undefined) return address.toLowerCase();
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return null;
  // validate with node's own parser as well
  const list = new BlockList();
  list.addSubnet(address, bits, family === 4 ? "ipv4" : "ipv6");
  return `${address.toLowerCase()}/${bits}`;
}

export async function isIpBanned(ip: string | null): Promise<boolean> {
  const address = ip?.split("%")[0]; // an IPv6 zone (fe80::1%eth0) is not part of the address
  if (!address) return false;
  const db = await getDb();
  const rows = await db
    .select({ network: ipBans.network })
    .from(ipBans)
    .where(sql`${address}::inet <<= ${ipBans.network}`)
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
