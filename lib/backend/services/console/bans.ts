import { count, desc } from "drizzle-orm";
import type { BanItem } from "@/lib/contract/console/screens";
import { addSeconds, now } from "../../clock";
import { getDb } from "../../db/client";
import { ipBans } from "../../db/schema";
import { banCoversOwnAddress, checkBanNetwork } from "../ban-rules";
import { addIpBan, removeIpBan } from "../ipbans";
import { dayOf, ConsoleError, PAGE_SIZE, type Page } from "./input";

/**
 * The console's IP bans, with a reason and an optional expiry. What may be banned (the width of
 * a range, the operator's own address) is the rule of services/ban-rules.ts, shared with the CLI.
 */
const EXPIRY_MAX_DAYS = 3660;

export function banNetwork(value: unknown): string {
  const checked = checkBanNetwork(value);
  if (!checked.ok) throw new ConsoleError(checked.refusal, 400, "network");
  return checked.network;
}

export async function addBan(input: { network: unknown; reason: string; expiresOn: unknown; operatorIp: string | null }): Promise<{ network: string; added: boolean }> {
  const network = banNetwork(input.network);
  let expiresAt: Date | null = null;
  if (input.expiresOn !== undefined && input.expiresOn !== null && input.expiresOn !== "") {
    // a day: the ban holds to the end of it (UTC)
    expiresAt = addSeconds(dayOf(input.expiresOn, "expiresOn"), 86_400);
    if (expiresAt <= now() || expiresAt > addSeconds(now(), EXPIRY_MAX_DAYS * 86_400)) throw new ConsoleError("badExpiry", 400, "expiresOn");
  }
  if (banCoversOwnAddress(network, input.operatorIp)) throw new ConsoleError("ownAddress", 400, "network");
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
