import { resetPortalConfig } from "@/lib/config";
import { screenAlternates } from "@/lib/i18n/metadata";

describe("search engine links of a public screen", () => {
  const saved = { PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN, PORT: process.env.PORT };

  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetPortalConfig();
  });

  it("are absolute addresses on the configured public origin, with x-default in English", () => {
    process.env.PUBLIC_ORIGIN = "https://passport.example.com";
    resetPortalConfig();
    expect(screenAlternates("zh", "login")).toEqual({
      canonical: "https://passport.example.com/zh/login",
      languages: {
        en: "https://passport.example.com/en/login",
        "zh-CN": "https://passport.example.com/zh/login",
        "x-default": "https://passport.example.com/en/login",
      },
    });
  });

  it("fall back to the local address when no public origin is configured", () => {
    delete process.env.PUBLIC_ORIGIN;
    process.env.PORT = "3456";
    resetPortalConfig();
    expect(screenAlternates("en", "findpwd").canonical).toBe("http://localhost:3456/en/findpwd");
  });
});
