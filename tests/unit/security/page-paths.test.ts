/**
 * @jest-environment node
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isPagePath, NOT_PAGES } from "@/lib/security/page-paths";
import { pageHeadersByRequest } from "@/lib/security/headers";
import { portalConfig, resetPortalConfig, type PortalConfig } from "@/lib/config";

const KEYS = ["PUBLIC_ORIGIN", "TRUST_PROXY", "EMBED_ALLOWED_ORIGINS"] as const;

/** The configuration read from these variables (the others as the test environment has them). */
function portalConfigFrom(env: Partial<Record<(typeof KEYS)[number], string>>): PortalConfig {
  const saved = KEYS.map((key) => [key, process.env[key]] as const);
  try {
    for (const key of KEYS) {
      const value = env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetPortalConfig();
    return portalConfig();
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetPortalConfig();
  }
}

describe("page paths", () => {
  it("pages are everything but the services, the API, Next's files and the static files", () => {
    for (const page of ["/", "/en/login", "/en/login?p=atomm", "/zh/profile/settings", "/login", "//evil.example", "/a.b", "/announcement"]) expect(isPagePath(page)).toBe(true);
    for (const other of ["/v1/login", "/v2/x", "/api/avatar", "/_next/static/chunks/a.js", "/message/list", "/brands/atomm.svg", "/images/a.png", "/media/v.mp4", "/embed/host.js", "/icon.svg", "/favicon.ico", "/robots.txt"]) {
      expect(isPagePath(other)).toBe(false);
    }
  });

  it("proxy.ts's matcher leaves out the same paths (and the plain sign-in visits)", () => {
    const proxy = readFileSync(path.resolve(__dirname, "../../../proxy.ts"), "utf8");
    const general = /"\/\(\(\?!\(\?:en\|zh\)\/\(\?:login\|register\|findpwd\|login-business\)\$\|(.*)\)\.\*\)",/.exec(proxy);
    expect(general?.[1]?.replaceAll("\\\\", "\\").split("|")).toEqual([...NOT_PAGES]);
  });
});

describe("the page security headers of a request", () => {
  const env = {};

  it("are the http set without a public https origin, the https set (with HSTS) with one", () => {
    const plain = pageHeadersByRequest(portalConfigFrom(env))({ host: "localhost:3000" });
    expect(plain["Content-Security-Policy"]).toContain("frame-ancestors 'self'");
    expect(plain["X-Frame-Options"]).toBe("SAMEORIGIN");
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    const secure = pageHeadersByRequest(portalConfigFrom({ ...env, PUBLIC_ORIGIN: "https://passport.example.com" }))({ host: "localhost:3000" });
    expect(secure["Strict-Transport-Security"]).toMatch(/max-age=/);
  });

  it("take a forwarded https only from a trusted proxy", () => {
    const forwarded = { host: "passport.example.com", "x-forwarded-proto": "https", "x-forwarded-host": "passport.example.com" };
    expect(pageHeadersByRequest(portalConfigFrom(env))(forwarded)["Strict-Transport-Security"]).toBeUndefined();
    expect(pageHeadersByRequest(portalConfigFrom({ ...env, TRUST_PROXY: "1" }))(forwarded)["Strict-Transport-Security"]).toMatch(/max-age=/);
  });

  it("let an allowlisted host frame the pages", () => {
    const framed = pageHeadersByRequest(portalConfigFrom({ ...env, EMBED_ALLOWED_ORIGINS: "https://host.example" }))({});
    expect(framed["Content-Security-Policy"]).toContain("frame-ancestors 'self' https://host.example");
    expect(framed["X-Frame-Options"]).toBeUndefined();
  });
});
