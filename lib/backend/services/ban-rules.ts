import { isIP } from "node:net";
import { addressList, parseNetwork } from "../net/addresses";

/**
 * What may be banned, for every door (the console's Bans screen and `npm run cli -- ip:ban`):
 * an address or a CIDR range, IPv4 or IPv6. A range wider than /8 (IPv4) or /16 (IPv6) is
 * refused: it would shut out a large part of the internet by a typing slip (/0 is everyone).
 * Each door words the refusal for its reader (a message key on the screen, a sentence in the
 * terminal); the rule is this one.
 */
export const MIN_PREFIX = { 4: 8, 6: 16 } as const;

export type BanNetworkCheck = { ok: true; network: string } | { ok: false; refusal: "badNetwork" | "rangeTooWide" };

export function checkBanNetwork(value: unknown): BanNetworkCheck {
  if (typeof value !== "string" || value.length > 100) return { ok: false, refusal: "badNetwork" };
  const network = parseNetwork(value);
  if (!network) return { ok: false, refusal: "badNetwork" };
  const [address = "", prefix] = network.split("/");
  const family = isIP(address) === 6 ? 6 : 4;
  if (prefix !== undefined && Number(prefix) < MIN_PREFIX[family]) return { ok: false, refusal: "rangeTooWide" };
  return { ok: true, network };
}

/** True when the ban would cover the operator's own address, locking them out of the pages they test. */
export function banCoversOwnAddress(network: string, operatorIp: string | null): boolean {
  return addressList([network]).has(operatorIp);
}
