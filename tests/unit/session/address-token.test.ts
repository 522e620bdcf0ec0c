/** @jest-environment node */
import { addressTokenTrust, decideHandoff, isNavigation, isPortalPath, maskEmail, readPendingHandoff, sealPendingHandoff, type NavigationHeaders } from "@/lib/session/address-token";

const SECRET = "a-session-secret-of-at-least-32-characters!";

function request(overrides: Partial<NavigationHeaders>): NavigationHeaders {
  return { fetchMode: "navigate", fetchDest: "document", fetchSite: "cross-site", accept: "text/html", launchHeader: null, ...overrides };
}

describe("a token in the address", () => {
  it("counts only on a navigation of a window or a frame", () => {
    expect(isNavigation({ fetchMode: "navigate", fetchDest: "document", accept: null })).toBe(true);
    expect(isNavigation({ fetchMode: "navigate", fetchDest: "iframe", accept: null })).toBe(true);
    expect(isNavigation({ fetchMode: "no-cors", fetchDest: "image", accept: "image/avif,image/*" })).toBe(false);
    expect(isNavigation({ fetchMode: "cors", fetchDest: "empty", accept: "*/*" })).toBe(false);
    // a browser without Fetch Metadata: only a request for a page
    expect(isNavigation({ fetchMode: null, fetchDest: null, accept: "text/html,application/xhtml+xml" })).toBe(true);
    expect(isNavigation({ fetchMode: null, fetchDest: null, accept: "image/png" })).toBe(false);
  });

  it("is taken at once only when the navigation proves who handed it over", () => {
    // the portal's own page ("Sign in with the app")
    expect(addressTokenTrust(request({ fetchSite: "same-origin" }), false)).toBe("take");
    // a frame or a window an allowlisted host launched (the browser's Referer)
    expect(addressTokenTrust(request({ fetchDest: "iframe" }), true)).toBe("take");
    expect(addressTokenTrust(request({}), true)).toBe("take");
    // a native app's webview loading the page with its header
    expect(addressTokenTrust(request({ fetchSite: "none", launchHeader: "native" }), false)).toBe("take");
    expect(addressTokenTrust(request({ fetchMode: null, fetchDest: null, fetchSite: null, launchHeader: "Native" }), false)).toBe("take");
  });

  it("is asked about for a link on another site, an emailed link, a bookmark, or a frame no allowed host launched", () => {
    expect(addressTokenTrust(request({}), false)).toBe("ask");
    expect(addressTokenTrust(request({ fetchSite: "same-site" }), false)).toBe("ask");
    expect(addressTokenTrust(request({ fetchSite: "none" }), false)).toBe("ask");
    expect(addressTokenTrust(request({ fetchDest: "iframe" }), false)).toBe("ask");
    // the native header from a page's own navigation is no proof (it cannot be sent, and is not believed)
    expect(addressTokenTrust(request({ launchHeader: "native" }), false)).toBe("ask");
    expect(addressTokenTrust(request({ fetchMode: null, fetchDest: null, fetchSite: null }), false)).toBe("ask");
  });

  it("is dropped by anything but a navigation, whatever it claims", () => {
    expect(addressTokenTrust(request({ fetchMode: "no-cors", fetchDest: "image", fetchSite: "same-origin" }), true)).toBe("ignore");
    expect(addressTokenTrust(request({ fetchMode: "cors", fetchDest: "empty", launchHeader: "native" }), false)).toBe("ignore");
  });

  it("taken at once, never silently replaces another signed-in account", () => {
    const handed = { valid: true, uid: "attacker" };
    expect(decideHandoff({ handed, stored: { valid: true, uid: "victim" } })).toEqual({ action: "keep", notice: "otherAccount" });
    expect(decideHandoff({ handed, stored: { valid: true, uid: "attacker" } })).toEqual({ action: "take" });
    expect(decideHandoff({ handed, stored: { valid: false, uid: null } })).toEqual({ action: "take" });
    expect(decideHandoff({ handed, stored: null })).toEqual({ action: "take" });
    expect(decideHandoff({ handed: { valid: false, uid: null }, stored: null })).toEqual({ action: "keep", notice: null });
  });
});

describe("a token waiting for the visitor's answer", () => {
  it("is sealed with the page it was handed to, for five minutes", async () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    const sealed = await sealPendingHandoff({ token: "tok-1", to: "/en/profile/settings?p=atomm" }, SECRET, now);
    expect(sealed).not.toContain("tok-1");
    expect(await readPendingHandoff(sealed, SECRET, now + 60_000)).toEqual({ token: "tok-1", to: "/en/profile/settings?p=atomm" });
    expect(await readPendingHandoff(sealed, SECRET, now + 6 * 60_000)).toBeNull();
    expect(await readPendingHandoff(sealed, `${SECRET}-other`, now)).toBeNull();
    expect(await readPendingHandoff(`${sealed.slice(0, -4)}AAAA`, SECRET, now)).toBeNull();
    expect(await readPendingHandoff(sealed, null, now)).toBeNull();
    expect(await readPendingHandoff(undefined, SECRET, now)).toBeNull();
  });

  it("only ever leads to a page of the portal itself", async () => {
    expect(isPortalPath("/en/login")).toBe(true);
    expect(isPortalPath("//evil.example/")).toBe(false);
    expect(isPortalPath("/\\evil.example")).toBe(false);
    expect(isPortalPath("https://evil.example/")).toBe(false);
    const sealed = await sealPendingHandoff({ token: "t", to: "//evil.example/" }, SECRET);
    expect(await readPendingHandoff(sealed, SECRET)).toBeNull();
  });

  it("shows the account masked: enough to recognise one's own", () => {
    expect(maskEmail("alice@example.com")).toBe("a***@example.com");
    expect(maskEmail("张三@example.cn")).toBe("张***@example.cn");
    expect(maskEmail("😀x@example.com")).toBe("😀***@example.com");
    expect(maskEmail("nobody")).toBe("***");
  });
});
