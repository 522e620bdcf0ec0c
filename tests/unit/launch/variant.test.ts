/**
 * @jest-environment node
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseLaunchContext } from "@/lib/launch/context";
import { allVariantKeys, DEFAULT_VARIANT, parseVariantKey, variantKey, variantOf } from "@/lib/launch/variant";

describe("sign-in page variants", () => {
  it("a visit without launch parameters is the default variant, whatever the browser", () => {
    for (const agent of [null, "Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"]) {
      expect(variantOf(parseLaunchContext(new URLSearchParams(), agent))).toEqual(DEFAULT_VARIANT);
    }
  });

  it("next.config.mjs rewrites a plain visit to the default variant's key", () => {
    const source = readFileSync(path.resolve(__dirname, "../../../next.config.mjs"), "utf8");
    expect(source).toContain(`const DEFAULT_VARIANT_KEY = "${variantKey(DEFAULT_VARIANT)}";`);
  });

  it("only the parameters that change the HTML make another variant", () => {
    const keyOf = (query: string) => variantKey(variantOf(parseLaunchContext(new URLSearchParams(query), null)));
    expect(keyOf("o=xtool&img=https%3A%2F%2Fexample.com%2Fa.png&l=zh&r=https%3A%2F%2Fexample.com")).toBe(variantKey(DEFAULT_VARIANT));
    expect(keyOf("p=atomm&s=pc")).toBe("atomm.pc.110");
    expect(keyOf("p=atomm&s=mobile")).toBe("atomm.m.110");
    expect(keyOf("lr=0&sl=0&av=1.0.0")).toBe("passport.m.001");
  });

  it("every key names its variant and nothing else is one", () => {
    const keys = allVariantKeys();
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      const variant = parseVariantKey(key);
      expect(variant).not.toBeNull();
      if (variant) expect(variantKey(variant)).toBe(key);
    }
    for (const bad of ["", "passport", "passport.m.11", "nobrand.m.110", "passport.x.110", "passport.m.112", "../login"]) expect(parseVariantKey(bad)).toBeNull();
  });
});
