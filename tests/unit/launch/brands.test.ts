import { existsSync } from "node:fs";
import path from "node:path";
import { BRAND_CODES, BRANDS, brandLogo, isBrandCode, isLowAppVersion, registerTitle } from "@/lib/launch/brands";

describe("brand registry (SPEC §1, §2)", () => {
  it("knows all twelve brands", () => {
    expect(BRAND_CODES).toHaveLength(12);
    expect(isBrandCode("materials_lab")).toBe(true);
    expect(isBrandCode("acme")).toBe(false);
    expect(isBrandCode("toString")).toBe(false);
  });

  it("titles the register screen with an independent brand's own name", () => {
    expect(registerTitle("atomm", "en")).toBe("Atomm");
    expect(registerTitle("custom_things", "zh")).toBe("Custom Things");
    expect(registerTitle("design_find", "en")).toBe("Design Find");
  });

  it("titles the register screen with the passport's name for every other brand", () => {
    expect(registerTitle("support", "en")).toBe("Passport");
    expect(registerTitle("support", "zh")).toBe("通行证");
    expect(registerTitle("creative_space", "en")).toBe("Passport");
  });

  it("shows the passport logo for shared brands and their own logo for independent ones", () => {
    expect(brandLogo("support", "pc")).toBe("/brands/passport.svg");
    expect(brandLogo("custom_things", "mobile")).toBe("/brands/custom-things.svg");
    expect(brandLogo("design_find", "pc")).toBe("/brands/design-find.svg");
  });

  it("shows Atomm's horizontal logo on the pc system only", () => {
    expect(brandLogo("atomm", "pc")).toBe("/brands/atomm-pc.svg");
    expect(brandLogo("atomm", "mobile")).toBe("/brands/atomm.svg");
    expect(brandLogo("atomm", "pad")).toBe("/brands/atomm.svg");
  });

  it("has a logo file in public/ for every brand", () => {
    const logos = BRAND_CODES.flatMap((code) => [BRANDS[code].logo, BRANDS[code].pcLogo ?? BRANDS[code].logo]);
    for (const logo of new Set(logos)) {
      expect(existsSync(path.join(process.cwd(), "public", logo))).toBe(true);
    }
  });
});

describe("isLowAppVersion (SPEC §5)", () => {
  it("is low for a Creative Space client below 1.7 on any system", () => {
    expect(isLowAppVersion({ p: "creative_space", s: "pc", av: "1.6.9" })).toBe(true);
    expect(isLowAppVersion({ p: "creative_space", s: "mobile", av: "1.6" })).toBe(true);
  });

  it("is low for a Passport client below 1.7 on mobile or pad, not on pc", () => {
    expect(isLowAppVersion({ p: "passport", s: "mobile", av: "1.2.0" })).toBe(true);
    expect(isLowAppVersion({ p: "passport", s: "pad", av: "1.6.99" })).toBe(true);
    expect(isLowAppVersion({ p: "passport", s: "pc", av: "1.2.0" })).toBe(false);
  });

  it("is not low from 1.7 on, for other brands, or without an app version", () => {
    expect(isLowAppVersion({ p: "creative_space", s: "pc", av: "1.7" })).toBe(false);
    expect(isLowAppVersion({ p: "passport", s: "mobile", av: "1.7.0" })).toBe(false);
    expect(isLowAppVersion({ p: "atomm", s: "mobile", av: "1.0.0" })).toBe(false);
    expect(isLowAppVersion({ p: "creative_space", s: "mobile", av: "" })).toBe(false);
  });
});
