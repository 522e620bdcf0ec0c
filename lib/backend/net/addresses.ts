import { BlockList, isIP } from "node:net";

/**
 * IP addresses and ranges as the services compare them: the ban list, the IP_LIMIT_EXEMPT
 * list and the keys per-IP limits count under. Pure functions, no configuration.
 */

/** "::ffff:203.0.113.7" → "203.0.113.7", "FE80::1%eth0" → "fe80::1"; anything that is not an address → null. */
export function normalizeIp(value: string | null | undefined): string | null {
  const candidate = value
    ?.trim()
    .split("%")[0] // an IPv6 zone (fe80::1%eth0) is not part of the address
    ?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "")
    .toLowerCase();
  return candidate && isIP(candidate) ? candidate : null;
}

/** "203.0.113.7", "2001:db8::1", "198.51.100.0/24", "2001:db8::/32" → canonical text; else null. */
export function parseNetwork(value: string): string | null {
  const [address = "", prefix, ...rest] = value.trim().split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return null;
  if (prefix === undefined) return address.toLowerCase();
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return null;
  return `${address.toLowerCase()}/${bits}`;
}

/** A set of addresses and ranges, matched with node's BlockList (IPv4-mapped IPv6 included). */
export function addressList(networks: readonly string[]): { has(ip: string | null): boolean } {
  const list = new BlockList();
  for (const network of networks) {
    const [address = "", prefix] = network.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return {
    has(ip) {
      const address = normalizeIp(ip);
      if (!address) return false;
      return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
    },
  };
}

/** The eight 16-bit groups of an IPv6 address. */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const parse = (part: string) => (part ? part.split(":") : []).flatMap((group) => {
    if (group.includes(".")) {
      // an embedded IPv4 tail (::ffff:1.2.3.4 forms that are not mapped addresses)
      const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
      return [(a << 8) | b, (c << 8) | d];
    }
    return [Number.parseInt(group, 16)];
  });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/**
 * What one client is, for counting: an IPv4 address as it is; an IPv6 address by its /64,
 * the block one subscriber line or host usually gets (counting single IPv6 addresses would let
 * one machine rotate through 2^64 of them); no address at all → "unknown", one shared bucket.
 */
export function clientBucket(ip: string | null): string {
  const address = normalizeIp(ip);
  if (!address) return "unknown";
  if (isIP(address) === 4) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `${prefix}::/64`;
}
