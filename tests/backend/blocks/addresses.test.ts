import { addressList, clientBucket, normalizeIp, parseNetwork } from "@/lib/backend/net/addresses";

/** How the services compare addresses: the keys per-IP limits count under, bans and exemptions. */
describe("client buckets", () => {
  test("an IPv4 address is its own bucket, loopback included; an IPv4-mapped IPv6 address is the IPv4 one", () => {
    expect(clientBucket("127.0.0.2")).toBe("127.0.0.2");
    expect(clientBucket("127.0.0.3")).not.toBe(clientBucket("127.0.0.2"));
    expect(clientBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("an IPv6 client counts by its /64: rotating the lower half changes nothing, another /64 is another client", () => {
    expect(clientBucket("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientBucket("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(clientBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientBucket("::1")).toBe("0:0:0:0::/64");
    expect(clientBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  test("no address, or something that is not one, is the one shared 'unknown' bucket", () => {
    expect(clientBucket(null)).toBe("unknown");
    expect(clientBucket("")).toBe("unknown");
    expect(clientBucket("not-an-ip")).toBe("unknown");
    expect(clientBucket("127.0.0.1, 10.0.0.1")).toBe("unknown");
  });
});

describe("lists of addresses and ranges", () => {
  test("parseNetwork accepts addresses and CIDR ranges of both families, nothing else", () => {
    expect(parseNetwork(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(parseNetwork("198.51.100.0/24")).toBe("198.51.100.0/24");
    expect(parseNetwork("2001:DB8::/32")).toBe("2001:db8::/32");
    for (const bad of ["", "300.1.1.1", "10.0.0.0/33", "2001:db8::/129", "10.0.0.0/8/8", "10.0.0.0/x", "localhost"]) expect(parseNetwork(bad)).toBeNull();
  });

  test("an address list matches single addresses and ranges, IPv4-mapped forms too", () => {
    const list = addressList(["127.0.0.1", "10.0.0.0/8", "2001:db8::/32"]);
    expect(list.has("127.0.0.1")).toBe(true);
    expect(list.has("::ffff:127.0.0.1")).toBe(true);
    expect(list.has("127.0.0.2")).toBe(false);
    expect(list.has("10.200.3.4")).toBe(true);
    expect(list.has("2001:db8:ffff::1")).toBe(true);
    expect(list.has("2001:db9::1")).toBe(false);
    expect(list.has(null)).toBe(false);
    expect(normalizeIp("::FFFF:10.0.0.1")).toBe("10.0.0.1");
  });
});
