import { resolveLocalePath } from "@/lib/i18n/path";
import { localeFromAcceptLanguage, normalizeLocale, preferredLocale } from "@/lib/i18n/resolve";
import { isLanguageNeutralRoute, routeRule } from "@/lib/session/routes";

const known = (rest: string) => routeRule(rest) !== null;

describe("language routing (SPEC §2, §4)", () => {
  it.each([
    ["/", "en", { kind: "redirect", pathname: "/en/login", keepQuery: false }],
    ["/", "zh", { kind: "redirect", pathname: "/zh/login", keepQuery: false }],
    ["/en", "en", { kind: "redirect", pathname: "/en/login", keepQuery: false }],
    ["/fr/register", "en", { kind: "redirect", pathname: "/en/register", keepQuery: true }],
    ["/zh-TW/register", "en", { kind: "redirect", pathname: "/zh/register", keepQuery: true }],
    ["/en/nothing", "en", { kind: "redirect", pathname: "/en/login", keepQuery: false }],
    ["/register", "zh", { kind: "redirect", pathname: "/zh/register", keepQuery: true }],
    ["/en/profile/settings", "en", { kind: "ok", lang: "en", rest: "profile/settings" }],
  ] as const)("%s (preferred %s)", (path, preferred, expected) => {
    expect(resolveLocalePath(path, preferred, known)).toEqual(expected);
  });

  it("leaves the pages without a language alone (/announcement, /learnMore); /en/announcement is not one", () => {
    expect(resolveLocalePath("/announcement", "zh", known, isLanguageNeutralRoute)).toEqual({ kind: "neutral" });
    expect(resolveLocalePath("/learnMore", "en", known, isLanguageNeutralRoute)).toEqual({ kind: "neutral" });
    expect(resolveLocalePath("/learnmore", "en", known, isLanguageNeutralRoute)).toEqual({ kind: "redirect", pathname: "/en/login", keepQuery: false });
    expect(resolveLocalePath("/en/announcement", "en", known, isLanguageNeutralRoute)).toEqual({ kind: "redirect", pathname: "/en/login", keepQuery: false });
    expect(resolveLocalePath("/announcement/x", "en", known, isLanguageNeutralRoute)).toEqual({ kind: "redirect", pathname: "/en/login", keepQuery: false });
    expect(resolveLocalePath("/message", "zh", known, isLanguageNeutralRoute)).toEqual({ kind: "redirect", pathname: "/zh/message", keepQuery: true });
  });

  it("maps zh-CN and zh to zh and anything else to en", () => {
    expect(normalizeLocale("zh-CN")).toBe("zh");
    expect(normalizeLocale("zh")).toBe("zh");
    expect(normalizeLocale("en-GB")).toBe("en");
    expect(normalizeLocale("fr")).toBeNull();
    expect(preferredLocale("fr", null)).toBe("en");
  });

  it("prefers the IntlLang cookie, then Accept-Language by quality", () => {
    expect(preferredLocale("zh", "en")).toBe("zh");
    expect(localeFromAcceptLanguage("fr;q=1, zh-CN;q=0.8, en;q=0.5")).toBe("zh");
    expect(localeFromAcceptLanguage("de")).toBeNull();
  });
});
