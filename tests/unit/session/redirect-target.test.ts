import { parseAllowedHosts, safeRedirectTarget } from "@/lib/session/redirect-target";

const allow = parseAllowedHosts("app.example.com, *.example.org");

describe("redirect target r", () => {
  it("follows https URLs on the allowlist, wildcards included", () => {
    expect(safeRedirectTarget("https://app.example.com/done?x=1", allow)?.href).toBe("https://app.example.com/done?x=1");
    expect(safeRedirectTarget("https://shop.example.org/", allow)?.hostname).toBe("shop.example.org");
  });

  it("refuses hosts off the list, look-alikes and the bare wildcard parent", () => {
    expect(safeRedirectTarget("https://evil.com/", allow)).toBeNull();
    expect(safeRedirectTarget("https://app.example.com.evil.com/", allow)).toBeNull();
    expect(safeRedirectTarget("https://evilexample.org/", allow)).toBeNull();
  });

  it("refuses other schemes, protocol-relative and short values", () => {
    for (const r of ["javascript:alert(1)", "data:text/html,x", "//app.example.com/x", "http://app.example.com/", "https:/", "", null]) {
      expect(safeRedirectTarget(r, allow)).toBeNull();
    }
  });

  it("allows plain http only on loopback, and always the portal's own host", () => {
    expect(safeRedirectTarget("http://127.0.0.1:3000/en/profile", [], "127.0.0.1:3000")).not.toBeNull();
    expect(safeRedirectTarget("http://10.0.0.2:3000/en/profile", [], "10.0.0.2:3000")).toBeNull();
  });

  it("refuses URLs carrying credentials", () => {
    expect(safeRedirectTarget("https://user:pw@app.example.com/", allow)).toBeNull();
  });
});
