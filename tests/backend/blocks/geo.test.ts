import { locateIp, lookupIpPlace } from "@/lib/backend/geo/locate-ip";

describe("locateIp", () => {
  test("a public address has its country, in English and in Chinese", () => {
    const english = locateIp("8.8.8.8", "en");
    const chinese = locateIp("8.8.8.8", "zh");
    expect(english).toMatch(/United States of America$/);
    expect(chinese).toMatch(/美国$/);
    expect(lookupIpPlace("8.8.8.8")).toMatchObject({ country: "US" });
  });

  test("an IPv4 address wrapped in IPv6 is located as the IPv4 address", () => {
    expect(locateIp("::ffff:8.8.8.8", "en")).toBe(locateIp("8.8.8.8", "en"));
    expect(locateIp("::ffff:808:808", "en")).toBe(locateIp("8.8.8.8", "en"));
  });

  test("a public IPv6 address has a country", () => {
    expect(locateIp("2001:4860:4860::8888", "en")).toMatch(/United States of America$/);
  });

  test("private, loopback, link-local and reserved addresses have no location", () => {
    const nowhere = [
      "10.1.2.3",
      "172.16.5.4",
      "192.168.1.10",
      "127.0.0.1",
      "169.254.10.1",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fe80::1%eth0",
      "fd12:3456::1",
      "::ffff:192.168.0.1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "[::1]",
    ];
    for (const ip of nowhere) expect([ip, locateIp(ip, "en")]).toEqual([ip, null]);
  });

  test("missing and malformed addresses have no location", () => {
    for (const ip of [null, "", "  ", "not-an-ip", "8.8.8.8.8", "999.1.1.1", "8.8.8.8:443"]) {
      expect(locateIp(ip, "zh")).toBeNull();
    }
  });
});
