import { decideGuard, type GuardInput, type TokenState } from "@/lib/session/guard";
import { routeRule } from "@/lib/session/routes";

const here = "http://127.0.0.1:3000/en/profile/settings";

function decide(path: string, token: TokenState, extra: Partial<GuardInput> = {}) {
  const rule = routeRule(path);
  if (!rule) throw new Error(`unknown route ${path}`);
  return decideGuard({ lang: "en", rule, token, currentUrl: here, safeR: null, launch: new URLSearchParams(), ...extra });
}

describe("route guard (SPEC §4)", () => {
  it("lets a visitor without a token see the login pages", () => {
    expect(decide("login", { status: "none" })).toEqual({ action: "next", clearToken: false, expired: false });
    expect(decide("register", { status: "none" }).action).toBe("next");
  });

  it("sends a visitor without a token from a login-required page to login with r = the page", () => {
    const decision = decide("profile/settings", { status: "none" });
    expect(decision).toEqual({ action: "redirect", to: `/en/login?r=${encodeURIComponent(here)}`, clearToken: false, expired: false });
  });

  it("keeps the launch parameters on its redirects", () => {
    const decision = decide("profile", { status: "none" }, { launch: new URLSearchParams("p=atomm&s=pc") });
    expect(decision.action === "redirect" && decision.to.startsWith("/en/login?p=atomm&s=pc&r=")).toBe(true);
  });

  it("sends a signed-in consumer on a login page to a valid r, else to settings", () => {
    expect(decide("login", { status: "valid", enterprise: false })).toMatchObject({ action: "redirect", to: "/en/profile/settings" });
    expect(decide("login", { status: "valid", enterprise: false }, { safeR: "https://app.example.com/x" })).toMatchObject({
      to: "https://app.example.com/x",
    });
  });

  it("sends a signed-in enterprise user to profile-business, and away from consumer pages", () => {
    expect(decide("login", { status: "valid", enterprise: true })).toMatchObject({ action: "redirect", to: "/en/profile-business" });
    expect(decide("profile/settings", { status: "valid", enterprise: true })).toMatchObject({ action: "redirect", to: "/en/login-business" });
  });

  it("lets a signed-in consumer see the user centre", () => {
    expect(decide("profile/settings", { status: "valid", enterprise: false }).action).toBe("next");
  });

  it("clears an expired token and flags the expired-login message", () => {
    expect(decide("profile", { status: "invalid", code: 20101 })).toMatchObject({ action: "redirect", clearToken: true, expired: true });
    expect(decide("login", { status: "invalid", code: 20101 })).toEqual({ action: "next", clearToken: true, expired: true });
  });

  it("keeps the token when the passport API could not be asked (1000, 1002) and clears it otherwise", () => {
    expect(decide("profile", { status: "invalid", code: 1000 })).toMatchObject({ clearToken: false, expired: false });
    expect(decide("profile", { status: "invalid", code: 1002 })).toMatchObject({ clearToken: false });
    expect(decide("profile", { status: "invalid", code: 20103 })).toMatchObject({ clearToken: true, expired: false });
  });

  it("treats findpwd and login-business as login pages, open without a token", () => {
    expect(decide("findpwd", { status: "none" }).action).toBe("next");
    expect(decide("login-business", { status: "none" }).action).toBe("next");
    expect(decide("findpwd", { status: "valid", enterprise: false })).toMatchObject({ action: "redirect", to: "/en/profile/settings" });
    expect(decide("login-business", { status: "valid", enterprise: true })).toMatchObject({ action: "redirect", to: "/en/profile-business" });
  });

  it("sends a visitor without a token from the business pages to login-business with r", () => {
    for (const path of ["profile-business", "profile-business/profile-settings"]) {
      expect(decide(path, { status: "none" })).toMatchObject({ action: "redirect", to: `/en/login-business?r=${encodeURIComponent(here)}` });
    }
  });

  it("lets only enterprise users onto the business pages", () => {
    expect(decide("profile-business/profile-settings", { status: "valid", enterprise: true }).action).toBe("next");
    expect(decide("profile-business/profile-settings", { status: "valid", enterprise: false })).toMatchObject({ action: "redirect", to: "/en/login-business" });
  });

  it("in window mode renders a signed-in consumer's login page (the page hands the session to the opener), unless r is given", () => {
    const consumer = { status: "valid", enterprise: false } as const;
    expect(decide("login", consumer, { windowMode: true })).toEqual({ action: "next", clearToken: false, expired: false });
    expect(decide("register", consumer, { windowMode: true }).action).toBe("next");
    expect(decide("login", consumer, { windowMode: true, safeR: "https://app.example.com/x" })).toMatchObject({ action: "redirect", to: "https://app.example.com/x" });
  });

  it("renders a signed-in consumer's login page when an app asked for a fresh sign-in (reauth), even with r", () => {
    const consumer = { status: "valid", enterprise: false } as const;
    const r = "http://127.0.0.1:3000/oidc/interaction/abc";
    expect(decide("login", consumer, { freshSignIn: true, safeR: r })).toEqual({ action: "next", clearToken: false, expired: false });
    expect(decide("login", consumer, { safeR: r })).toMatchObject({ action: "redirect", to: r });
  });

  it("in window mode still sends an enterprise user to profile-business, and guards the user centre as always", () => {
    expect(decide("login", { status: "valid", enterprise: true }, { windowMode: true })).toMatchObject({ action: "redirect", to: "/en/profile-business" });
    expect(decide("profile/settings", { status: "none" }, { windowMode: true }).action).toBe("redirect");
    expect(decide("login", { status: "none" }, { windowMode: true }).action).toBe("next");
  });
});
