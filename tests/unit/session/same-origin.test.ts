import { isSameOriginRequest } from "@/lib/session/same-origin";

const host = "portal.example.com";

describe("same-origin check of the portal's API routes", () => {
  it("accepts what the browser marks same-origin and refuses other sites", () => {
    expect(isSameOriginRequest(new Headers({ "sec-fetch-site": "same-origin" }), host)).toBe(true);
    expect(isSameOriginRequest(new Headers({ "sec-fetch-site": "cross-site", origin: "https://portal.example.com" }), host)).toBe(false);
    expect(isSameOriginRequest(new Headers({ "sec-fetch-site": "same-site" }), host)).toBe(false);
    expect(isSameOriginRequest(new Headers({ "sec-fetch-site": "none" }), host)).toBe(false);
  });

  it("falls back to Origin, then Referer, for browsers without Sec-Fetch-Site", () => {
    expect(isSameOriginRequest(new Headers({ origin: "https://portal.example.com" }), host)).toBe(true);
    expect(isSameOriginRequest(new Headers({ origin: "https://evil.example" }), host)).toBe(false);
    expect(isSameOriginRequest(new Headers({ referer: "https://portal.example.com/en/login" }), host)).toBe(true);
    expect(isSameOriginRequest(new Headers({ referer: "not a url" }), host)).toBe(false);
  });

  it("refuses a request that says nothing about where it comes from", () => {
    expect(isSameOriginRequest(new Headers(), host)).toBe(false);
    expect(isSameOriginRequest(new Headers({ origin: "https://portal.example.com" }), null)).toBe(false);
  });
});
