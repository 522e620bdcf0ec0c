import { BRAND_CODES } from "@/lib/launch/brands";
import { appHeadersFor, launchQuery, parseLaunchContext, platformOf, withLaunchQuery } from "@/lib/launch/context";

const UA = {
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  iPad: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  androidPhone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
  desktopChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
};

describe("parseLaunchContext (SPEC §2 launch context)", () => {
  it("without parameters launches the passport brand in a desktop browser", () => {
    expect(parseLaunchContext({}, UA.desktopChrome)).toEqual({
      p: "passport",
      o: "passport",
      s: "pc",
      sDetected: true,
      av: "",
      img: null,
      showSocialLogin: true,
      showLoginRegisterSwitch: true,
      l: null,
      given: {},
    });
  });

  it("treats an unknown brand as passport", () => {
    expect(parseLaunchContext({ p: "acme" }, null).p).toBe("passport");
    expect(parseLaunchContext({ p: "creative-spaces" }, null).p).toBe("passport");
  });

  it("takes every brand with hyphens (SPEC.md's `creative-space`) or underscores, in any case", () => {
    for (const code of BRAND_CODES) {
      for (const spelling of [code, code.replaceAll("_", "-"), code.replaceAll("_", "-").toUpperCase()]) {
        const ctx = parseLaunchContext({ p: spelling }, null);
        expect({ spelling, p: ctx.p, o: ctx.o, given: launchQuery(ctx).get("p") }).toEqual({ spelling, p: code, o: code, given: code });
      }
    }
  });

  it("defaults the origin code to the brand code and keeps an explicit one", () => {
    expect(parseLaunchContext({ p: "atomm" }, null).o).toBe("atomm");
    expect(parseLaunchContext({ p: "atomm", o: "xcs_web" }, null).o).toBe("xcs_web");
  });

  it("reads a URLSearchParams as well as Next's searchParams record (first of repeated values)", () => {
    const fromParams = parseLaunchContext(new URLSearchParams("p=support&p=atomm&s=pad"), null);
    const fromRecord = parseLaunchContext({ p: ["support", "atomm"], s: "pad" }, null);

    expect(fromParams).toEqual(fromRecord);
    expect(fromParams).toMatchObject({ p: "support", s: "pad", sDetected: false });
  });

  it.each([
    ["an iPhone", UA.iPhone, "mobile"],
    ["an Android phone", UA.androidPhone, "mobile"],
    ["an iPad", UA.iPad, "pad"],
    ["desktop Chrome", UA.desktopChrome, "pc"],
    ["no user agent", null, "pc"],
  ])("detects the system of %s when s is not given", (_, userAgent, system) => {
    expect(parseLaunchContext({}, userAgent)).toMatchObject({ s: system, sDetected: true });
  });

  it("prefers an explicit s and ignores one that is not pc, mobile or pad", () => {
    expect(parseLaunchContext({ s: "pc" }, UA.iPhone)).toMatchObject({ s: "pc", sDetected: false });
    expect(parseLaunchContext({ s: "os" }, UA.iPhone)).toMatchObject({ s: "mobile", sDetected: true });
  });

  it("hides social login for sl=0 and the login/register switch for lr=0, and only for 0", () => {
    expect(parseLaunchContext({ sl: "0", lr: "0" }, null)).toMatchObject({ showSocialLogin: false, showLoginRegisterSwitch: false });
    expect(parseLaunchContext({ sl: "1", lr: "yes" }, null)).toMatchObject({ showSocialLogin: true, showLoginRegisterSwitch: true });
  });

  it("accepts en and zh (and their regional forms) as the message-centre language", () => {
    expect(parseLaunchContext({ l: "zh-CN" }, null).l).toBe("zh");
    expect(parseLaunchContext({ l: "en" }, null).l).toBe("en");
    expect(parseLaunchContext({ l: "fr" }, null).l).toBeNull();
  });

  it("accepts an https image on a configured host or the portal's own static image, never a page", () => {
    const img = (value: string) => parseLaunchContext({ img: value }, null, ["cdn.example.com"]).img;

    expect(img("https://cdn.example.com/home.png")).toBe("https://cdn.example.com/home.png");
    expect(img("/images/home.png")).toBe("/images/home.png");
    for (const unsafe of [
      "https://other.example/home.png",
      "https://cdn.example.com:8443/home.png",
      "http://cdn.example.com/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/a.png",
      "/\\evil.example/a.png",
      "/en/login?ut=someone-elses-token",
      "/en/login",
      "/images/../en/login?ut=x",
      "/images/%2e%2e/en/login",
      "/images/home.png?ut=x",
      `https://cdn.example.com/${"a".repeat(3000)}`,
    ]) {
      expect(img(unsafe)).toBeNull();
    }
    // with no image hosts configured, only the portal's own images
    expect(parseLaunchContext({ img: "https://cdn.example.com/home.png" }, null).img).toBeNull();
  });

  it("drops origin codes and app versions that are not plain codes", () => {
    const ctx = parseLaunchContext({ p: "projects", o: "<script>", av: "2.6.0; drop table" }, null);

    expect(ctx).toMatchObject({ o: "projects", av: "" });
    expect(parseLaunchContext({ av: "2.6.1-beta.3" }, null).av).toBe("2.6.1-beta.3");
  });
});

describe("launchQuery and withLaunchQuery carry the launch on to other portal pages", () => {
  it("keeps only the parameters that came in the query, not defaults or detected values", () => {
    const ctx = parseLaunchContext({ p: "atomm", s: "pc", img: "javascript:x", unrelated: "1" }, UA.iPhone);

    expect(launchQuery(ctx).toString()).toBe("p=atomm&s=pc");
    expect(launchQuery(parseLaunchContext({}, UA.iPhone)).toString()).toBe("");
  });

  it("keeps the hide switches and the app version", () => {
    const ctx = parseLaunchContext({ lr: "0", sl: "0", av: "2.6.0", l: "zh" }, null);

    expect(launchQuery(ctx).toString()).toBe("av=2.6.0&sl=0&lr=0&l=zh");
  });

  it("appends the launch parameters to an internal href, keeping its own query and hash", () => {
    const ctx = parseLaunchContext({ p: "atomm", s: "pc" }, null);

    expect(withLaunchQuery("/en/register", ctx)).toBe("/en/register?p=atomm&s=pc");
    expect(withLaunchQuery("/en/login?r=x&p=support#form", ctx)).toBe("/en/login?r=x&p=support&s=pc#form");
  });

  it("leaves external and protocol-relative hrefs alone", () => {
    const ctx = parseLaunchContext({ p: "atomm" }, null);

    expect(withLaunchQuery("https://example.com/a", ctx)).toBe("https://example.com/a");
    expect(withLaunchQuery("//example.com/a", ctx)).toBe("//example.com/a");
  });
});

describe("platform and app headers (SPEC §3, §7)", () => {
  it("reports a browser as web-<system> and a native client (with av) as its system", () => {
    expect(platformOf(parseLaunchContext({ s: "mobile" }, null))).toBe("web-mobile");
    expect(platformOf(parseLaunchContext({}, UA.iPad))).toBe("web-pad");
    expect(platformOf(parseLaunchContext({ s: "pc", av: "2.6.0" }, null))).toBe("pc");
    expect(platformOf(parseLaunchContext({ s: "pad", av: "1.2" }, null))).toBe("pad");
  });

  it("reports os only when the caller says the portal is embedded in the OS", () => {
    expect(platformOf(parseLaunchContext({ s: "pc", av: "2.6.0" }, null), true)).toBe("os");
  });

  it("builds the upstream app headers from brand, platform, version and origin", () => {
    const ctx = parseLaunchContext({ p: "design_find", s: "mobile", av: "3.1.0", o: "df_ios" }, null);

    expect(appHeadersFor(ctx)).toEqual({ code: "design_find", system: "mobile", appVersion: "3.1.0", origin: "df_ios" });
    expect(appHeadersFor(parseLaunchContext({}, UA.desktopChrome))).toEqual({ code: "passport", system: "web-pc", appVersion: "", origin: "passport" });
  });
});
