/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isPagePath, NOT_PAGES } from "@/lib/security/page-paths";

const PUBLIC = path.resolve(__dirname, "../../../public");

describe("page paths", () => {
  it("pages are everything but the services, the API, Next's files and the static files", () => {
    for (const page of ["/", "/en/login", "/en/login?p=atomm", "/zh/profile/settings", "/login", "//evil.example", "/a.b", "/announcement"]) expect(isPagePath(page)).toBe(true);
    for (const other of ["/v1/login", "/v2/x", "/api/avatar", "/_next/static/chunks/a.js", "/message/list", "/brands/atomm.svg", "/images/a.png", "/media/v.mp4", "/embed/host.js", "/icon.svg", "/favicon.ico", "/robots.txt"]) {
      expect(isPagePath(other)).toBe(false);
    }
  });

  it("every file shipped in public/ is a static file, not a page (the welder video and its captions among them)", () => {
    const shipped = (dir: string): string[] =>
      readdirSync(path.join(PUBLIC, dir), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? shipped(`${dir}${entry.name}/`) : [`/${dir}${entry.name}`]));
    const files = shipped("");
    expect(files).toEqual(expect.arrayContaining(["/training/welder-safety.mp4", "/training/welder-safety.en.vtt", "/brands/passport.svg"]));
    for (const file of files) expect({ file, page: isPagePath(file) }).toEqual({ file, page: false });
  });

  it("proxy.ts's matcher leaves out the same paths (and the plain sign-in visits)", () => {
    const proxy = readFileSync(path.resolve(__dirname, "../../../proxy.ts"), "utf8");
    const general = /"\/\(\(\?!\(\?:en\|zh\)\/\(\?:login\|register\|findpwd\|login-business\)\$\|(.*)\)\.\*\)",/.exec(proxy);
    expect(general?.[1]?.replaceAll("\\\\", "\\").split("|")).toEqual([...NOT_PAGES]);
  });
});
