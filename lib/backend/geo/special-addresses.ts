import { BlockList, isIP } from "node:net";

/**
 * Addresses that never belong to a place on the map: private networks, loopback, link-local,
 * carrier-grade NAT, documentation and benchmark ranges, multicast and reserved space (IANA's
 * special-purpose registries). net.BlockList matches IPv4-mapped IPv6 (::ffff:10.0.0.1,
 * ::ffff:a00:1) against the IPv4 rules too.
 */
const special = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  special.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  special.addSubnet(network, prefix, "ipv6");
}

/** Matches exactly the IPv4-mapped IPv6 addresses (::ffff:0:0/96). */
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet("0.0.0.0", 0, "ipv4");

export type ParsedAddress = { address: string; family: "ipv4" | "ipv6" };

/**
 * The address in the form the IP database understands, or null when it is not an address.
 * Brackets and a zone (`[fe80::1%eth0]`) are dropped; an IPv4-mapped IPv6 address becomes
 * the IPv4 address it carries (what a dual-stack socket reports for an IPv4 client).
 */
export function parseAddress(raw: string): ParsedAddress | null {
  const address = raw.trim().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const version = isIP(address);
  if (version === 4) return { address, family: "ipv4" };
  if (version !== 6) return null;
  if (!ipv4Mapped.check(address, "ipv6")) return { address: address.toLowerCase(), family: "ipv6" };
  const groups = address.split(":");
  const last = groups.at(-1) ?? "";
  if (last.includes(".")) return { address: last, family: "ipv4" };
  const high = Number.parseInt(groups.at(-2) ?? "0", 16);
  const low = Number.parseInt(last, 16);
  return { address: [high >> 8, high & 255, low >> 8, low & 255].join("."), family: "ipv4" };
}

export function isSpecialAddress(parsed: ParsedAddress): boolean {
  return special.check(parsed.address, parsed.family);
}
