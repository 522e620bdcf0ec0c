/** @jest-environment node */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { portalConfig, resetPortalConfig } from "@/lib/config";
import { contentSecurityPolicy } from "@/lib/security/headers";
import { inlineScriptHashes, newNonce, pageScriptSources } from "@/lib/security/page-scripts";

/** A policy as directive → its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(";").map((part) => part.trim().split(/\s+/)).map(([name = "", ...values]) => [name, values]));
}

const config = () => ({ ...portalConfig(), captchaProvider: "recaptcha" as const });

describe("the page policy's scripts", () => {
  it("a page rendered per request: its nonce and 'strict-dynamic', never 'unsafe-inline'", () => {
    const policy = directives(contentSecurityPolicy(config(), false, { kind: "nonce", nonce: "bm9uY2Utb2YtdGhpcy1wYWdl" }));
    expect(policy["script-src"]).toEqual(expect.arrayContaining(["'self'", "'nonce-bm9uY2Utb2YtdGhpcy1wYWdl'", "'strict-dynamic'"]));
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    // the verification provider's host stays for browsers without 'strict-dynamic'
    expect(policy["script-src"]).toContain("https://www.google.com/recaptcha/");
  });

  it("a static page behind the proxy: the hashes of its inline scripts, never 'unsafe-inline'", () => {
    const policy = directives(contentSecurityPolicy(config(), false, { kind: "hashes", hashes: ["YWJj", "ZGVm"] }));
    expect(policy["script-src"]).toEqual(expect.arrayContaining(["'self'", "'sha256-YWJj'", "'sha256-ZGVm'"]));
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    expect(policy["script-src"]).not.toContain("'strict-dynamic'");
  });

  it("the default (a static page served without the proxy) allows inline scripts, and only that one", () => {
    const policy = directives(contentSecurityPolicy(config(), false));
    expect(policy["script-src"]).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(policy["script-src"]?.some((source) => source.startsWith("'nonce-") || source.startsWith("'sha256-"))).toBe(false);
  });

  it("every variant keeps the rest of the policy: no plugins, no <base>, framing by the allowlist", () => {
    for (const scripts of [{ kind: "inline" }, { kind: "nonce", nonce: "YWJj" }, { kind: "hashes", hashes: [] }] as const) {
      const policy = directives(contentSecurityPolicy(config(), true, scripts));
      expect(policy["object-src"]).toEqual(["'none'"]);
      expect(policy["base-uri"]).toEqual(["'none'"]);
      expect(policy["frame-ancestors"]).toEqual(["'self'"]);
      expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy["upgrade-insecure-requests"]).toEqual([]);
    }
  });
});

describe("avatars kept in an S3 bucket (another origin than the portal)", () => {
  const S3 = ["S3_BUCKET", "S3_REGION", "S3_ENDPOINT", "S3_PUBLIC_URL", "S3_FORCE_PATH_STYLE"] as const;
  const saved = Object.fromEntries(S3.map((name) => [name, process.env[name]]));
  /** the img-src sources of the default page policy under these S3 settings */
  function imageSources(env: Partial<Record<(typeof S3)[number], string>>): string[] {
    for (const name of S3) Reflect.deleteProperty(process.env, name);
    Object.assign(process.env, env);
    resetPortalConfig();
    return directives(contentSecurityPolicy(portalConfig(), false))["img-src"] ?? [];
  }
  afterEach(() => {
    for (const name of S3) Reflect.deleteProperty(process.env, name);
    Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, value]) => value !== undefined)));
    resetPortalConfig();
  });

  it("every page may show images from S3_PUBLIC_URL's origin, and from no other", () => {
    expect(imageSources({ S3_BUCKET: "avatars", S3_PUBLIC_URL: "https://cdn.example.com/avatars/" })).toEqual(["'self'", "data:", "blob:", "https://cdn.example.com"]);
    expect(imageSources({ S3_BUCKET: "avatars", S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_URL: "http://127.0.0.1:9000/avatars" })).toContain("http://127.0.0.1:9000");
  });

  it("without S3_PUBLIC_URL, the bucket's own address: AWS's, or the endpoint's in either style", () => {
    expect(imageSources({ S3_BUCKET: "avatars", S3_REGION: "eu-west-1" })).toContain("https://avatars.s3.eu-west-1.amazonaws.com");
    expect(imageSources({ S3_BUCKET: "avatars", S3_ENDPOINT: "https://minio.example.com:9000", S3_FORCE_PATH_STYLE: "true" })).toContain("https://minio.example.com:9000");
    expect(imageSources({ S3_BUCKET: "avatars", S3_ENDPOINT: "https://s3.example.com" })).toContain("https://avatars.s3.example.com");
  });

  it("avatars on the local disk come from the portal itself: nothing is added", () => {
    expect(imageSources({ S3_PUBLIC_URL: "https://cdn.example.com/avatars" })).toEqual(["'self'", "data:", "blob:"]);
  });
});

describe("nonces and hashes", () => {
  it("a nonce is 128 random bits in the characters Next reads, new each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("hashes each inline script as written, once, and leaves scripts with a src to 'self'", () => {
    const first = 'self.__next_f.push([1,"a&amp;b"])';
    const second = "(self.__next_s=self.__next_s||[]).push([0,{}])";
    const html = `<html><head><script src="/_next/static/chunks/main.js" async integrity="sha256-x"></script></head><body>
      <script>${first}</script><SCRIPT type="text/javascript">${second}</SCRIPT><script>${first}</script><script></script></body></html>`;
    const sha = (text: string) => createHash("sha256").update(text).digest("base64");
    expect(inlineScriptHashes(html)).toEqual([sha(first), sha(second)]);
  });

  it("a page with no prerendered copy (rendered per request) gets a fresh nonce", () => {
    const a = pageScriptSources("en/profile/security");
    const b = pageScriptSources("en/profile/security");
    expect(a.kind).toBe("nonce");
    expect(b.kind === "nonce" && a.kind === "nonce" && a.nonce !== b.nonce).toBe(true);
  });

  it("a page with a prerendered copy in the build gets the hashes of that copy's inline scripts", () => {
    const root = mkdtempSync(path.join(tmpdir(), "csp-build-"));
    const started = process.cwd();
    try {
      mkdirSync(path.join(root, ".next", "server", "app", "en", "profile"), { recursive: true });
      const inline = 'self.__next_f.push([0,"shell"])';
      writeFileSync(path.join(root, ".next", "server", "app", "en", "profile", "settings.html"), `<html><body><script src="/_next/a.js"></script><script>${inline}</script></body></html>`);
      process.chdir(root);
      jest.isolateModules(() => {
        // the module finds the build from the directory the server runs in
        const fresh = jest.requireActual<typeof import("@/lib/security/page-scripts")>("@/lib/security/page-scripts");
        expect(fresh.pageScriptSources("en/profile/settings")).toEqual({ kind: "hashes", hashes: [createHash("sha256").update(inline).digest("base64")] });
        expect(fresh.pageScriptSources("en/profile/security").kind).toBe("nonce");
      });
    } finally {
      process.chdir(started);
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("no page under /{lang} is regenerated at run time, so a static page's hashes hold for the whole build", () => {
    const pages = readdirSync(path.join(process.cwd(), "app", "[lang]"), { recursive: true, encoding: "utf8" }).filter((file) => /(^|\/)page\.tsx$/.test(file));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) expect({ file, revalidates: /export const revalidate\b/.test(readFileSync(path.join(process.cwd(), "app", "[lang]", file), "utf8")) }).toEqual({ file, revalidates: false });
  });
});
