import { count, desc } from "drizzle-orm";
import type { BanItem } from "@/lib/contract/console/screens";
import { isIP } from "node:net";
import { addSeconds, now } from "../../clock";
import { getDb } from "../../db/client";
import { ipBans } from "../../db/schema";
import { addressList, parseNetwork } from "../../net/addresses";
import { addIpBan, removeIpBan } from "../ipbans";
import { dayOf, ConsoleError, PAGE_SIZE, type Page } from "./input";

/**
 * The console's IP bans: an address or a CIDR range, IPv4 or IPv6, with a reason and an
 * optional expiry. A range wider than /8 (IPv4) or /16 (IPv6) is refused: it would shut out a
 * large part of the internet by a typing slip (/0 is everyone). So is a ban that covers the
 * operator's own address, which would lock them out of sign-in pages they may need to test.
 */
export const MIN_PREFIX = { 4: 8, 6: 16 } as const;
const EXPIRY_MAX_DAYS = 3660;

export function banNetwork(value: unknown): string {
  if (typeof value !== "string" || value.length > 100) throw new ConsoleError("badNetwork", 400, "network");
  const network = parseNetwork(value);
  if (!network) throw new ConsoleError("badNetwork", 400, "network");
  const [address = "", prefix] = network.split("/");
  const family = isIP(address) === 6 ? 6 : 4;
  if (prefix !== undefined && Number(prefix) < MIN_PREFIX[family]) throw new ConsoleError("rangeTooWide", 400, "network");
  return network;
}

export async function addBan(input: { network: unknown; reason: string; expiresOn: unknown; operatorIp: string | null }): Promise<{ network: string; added: boolean }> {
  const network = banNetwork(input.network);
  let expiresAt: Date | null = null;
  if (input.expiresOn !== undefined && input.expiresOn !== null && input.expiresOn !== "") {
    // a day: the ban holds to the end of it (UTC)
    expiresAt = addSeconds(dayOf(input.expiresOn, "expiresOn"), 86_400);
    if (expiresAt <= now() || expiresAt > addSeconds(now(), EXPIRY_MAX_DAYS * 86_400)) throw new ConsoleError("badExpiry", 400, "expiresOn");
  }
  if (addressList([network]).has(input.operatorIp)) throw new ConsoleError("ownAddress", 400, "network");
  const added = await addIpBan(network, { reason: input.reason, expiresAt });
  return { network, added };
}

export async function removeBan(value: unknown): Promise<{ network: string }> {
  const network = banNetwork(value);
  if (!(await removeIpBan(network))) throw new ConsoleError("notListed", 404, "network");
  return { network };
}

export async function listBans(page: number): Promise<Page<BanItem>> {
  const db = await getDb();
  const at = now();
  const [total] = await db.select({ n: count() }).from(ipBans);
  const rows = await db.select().from(ipBans).orderBy(desc(ipBans.createdAt)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE);
  return {
    items: rows.map((row) => ({
      network: row.network,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      inForce: row.expiresAt === null || row.expiresAt > at,
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize: PAGE_SIZE,
  };
}
