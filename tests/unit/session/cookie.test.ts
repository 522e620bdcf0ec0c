import { isUsableToken, utokenCookieOptions } from "@/lib/session/cookie";

describe("utoken cookie", () => {
  it("lives 365 days with remember me and for the session without", () => {
    expect(utokenCookieOptions({ protocol: "https:", hostname: "id.example.com", remember: true }).maxAge).toBe(31_536_000);
    expect(utokenCookieOptions({ protocol: "https:", hostname: "id.example.com", remember: false }).maxAge).toBeUndefined();
  });

  it("is HttpOnly, Secure and SameSite=None, on localhost too", () => {
    for (const [protocol, hostname] of [["https:", "id.example.com"], ["http:", "localhost"], ["http:", "127.0.0.1"]] as const) {
      expect(utokenCookieOptions({ protocol, hostname, remember: false })).toMatchObject({ httpOnly: true, secure: true, sameSite: "none" });
    }
  });

  it("drops Secure for plain http on another host, where browsers would refuse it", () => {
    expect(utokenCookieOptions({ protocol: "http:", hostname: "192.168.1.20", remember: false })).toMatchObject({ secure: false, sameSite: "lax" });
  });

  it("uses the configured parent domain and can be readable by scripts when configured", () => {
    const options = utokenCookieOptions({
      protocol: "https:",
      hostname: "id.example.com",
      remember: true,
      env: { COOKIE_DOMAIN: ".example.com", COOKIE_HTTP_ONLY: "false" },
    });
    expect(options).toMatchObject({ domain: ".example.com", httpOnly: false });
  });

  it("treats a numeric-only or blank ut as no token", () => {
    expect(isUsableToken("123456")).toBe(false);
    expect(isUsableToken("  ")).toBe(false);
    expect(isUsableToken(undefined)).toBe(false);
    expect(isUsableToken("a1b2c3")).toBe(true);
  });

  it("partitions a framed session (CHIPS) only where the cookie can be Secure", () => {
    expect(utokenCookieOptions({ protocol: "https:", hostname: "id.example.com", remember: false, partitioned: true })).toMatchObject({ partitioned: true, secure: true, sameSite: "none" });
    expect(utokenCookieOptions({ protocol: "http:", hostname: "127.0.0.1", remember: false, partitioned: true }).partitioned).toBe(true);
    expect(utokenCookieOptions({ protocol: "http:", hostname: "passport.lan", remember: false, partitioned: true }).partitioned).toBeUndefined();
    expect(utokenCookieOptions({ protocol: "https:", hostname: "id.example.com", remember: false }).partitioned).toBeUndefined();
  });
});
