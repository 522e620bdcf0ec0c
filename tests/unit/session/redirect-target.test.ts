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

  it("allows plain http only on loopback, and always the portal's own origin", () => {
    expect(safeRedirectTarget("http://127.0.0.1:3000/en/profile", [], "http://127.0.0.1:3000")).not.toBeNull();
    expect(safeRedirectTarget("http://10.0.0.2:3000/en/profile", [], "http://10.0.0.2:3000")).toBeNull();
    expect(safeRedirectTarget("http://127.0.0.1:4000/en/profile", [], "http://127.0.0.1:3000")).toBeNull();
  });

  it("compares the port: an entry without one allows only the default port", () => {
    expect(safeRedirectTarget("https://app.example.com:8443/", allow)).toBeNull();
    expect(safeRedirectTarget("https://shop.example.org:8443/", allow)).toBeNull();
    const withPort = parseAllowedHosts("app.example.com:8443");
    expect(safeRedirectTarget("https://app.example.com:8443/x", withPort)?.href).toBe("https://app.example.com:8443/x");
    expect(safeRedirectTarget("https://app.example.com/x", withPort)).toBeNull();
  });

  it("refuses URLs carrying credentials", () => {
    expect(safeRedirectTarget("https://user:pw@app.example.com/", allow)).toBeNull();
  });
});
