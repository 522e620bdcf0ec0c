import { readConfig } from "@/lib/backend/config";
import { allowedReturnUri, callbackAllowlist, servicesBase } from "@/lib/backend/social/addresses";
import { isConfigured } from "@/lib/backend/social/settings";

/** Social sign-in configuration: provider settings from the environment, the callback allowlist, the services' public address. */
describe("provider settings", () => {
  it("default to the real issuers; a provider is available only with a client id and a secret (or Apple's key)", () => {
    const { social } = readConfig({ SOCIAL_GOOGLE_CLIENT_ID: "g", SOCIAL_GOOGLE_CLIENT_SECRET: "s", SOCIAL_FACEBOOK_CLIENT_ID: "f" });
    expect(social.providers.google).toMatchObject({ issuer: "https://accounts.google.com", scopes: "openid email profile", responseMode: "query" });
    expect(social.providers.apple).toMatchObject({ issuer: "https://appleid.apple.com", responseMode: "form_post" });
    expect(isConfigured(social.providers.google)).toBe(true);
    expect(isConfigured(social.providers.facebook)).toBe(false);
    expect(isConfigured(social.providers.apple)).toBe(false);
  });

  it("read a provider of any name, with its native client ids", () => {
    const { social } = readConfig({
      SOCIAL_PROVIDERS: "my-idp",
      SOCIAL_MY_IDP_ISSUER: "https://idp.example",
      SOCIAL_MY_IDP_CLIENT_ID: "c",
      SOCIAL_MY_IDP_CLIENT_SECRET: "s",
      SOCIAL_MY_IDP_NATIVE_CLIENT_IDS: "ios, android",
    });
    expect(social.providers["my-idp"]).toMatchObject({ issuer: "https://idp.example", nativeClientIds: ["ios", "android"] });
  });

  it.each([
    [{ SOCIAL_GOOGLE_ISSUER: "ftp://x" }, "SOCIAL_GOOGLE_ISSUER: expected an http(s) URL"],
    [{ SOCIAL_APPLE_RESPONSE_MODE: "fragment" }, "SOCIAL_APPLE_RESPONSE_MODE: expected query or form_post"],
    [{ SOCIAL_APPLE_TEAM_ID: "T" }, "SOCIAL_APPLE_TEAM_ID, SOCIAL_APPLE_KEY_ID and SOCIAL_APPLE_PRIVATE_KEY must be set together"],
    [{ SOCIAL_CALLBACK_URLS: "javascript:alert(1)" }, "SOCIAL_CALLBACK_URLS: expected comma-separated http(s) URLs"],
  ])("stop the start with one line naming a bad variable, never its value", (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe("callback addresses", () => {
  it("are the public origin's /{en,zh}/authcb, or SOCIAL_CALLBACK_URLS", () => {
    expect(callbackAllowlist(readConfig({ PUBLIC_ORIGIN: "https://passport.example" }).social)).toEqual([
      "https://passport.example/en/authcb",
      "https://passport.example/zh/authcb",
    ]);
    const custom = readConfig({ SOCIAL_CALLBACK_URLS: "https://a.example/cb, https://b.example/en/authcb" }).social;
    expect(allowedReturnUri("https://b.example/en/authcb", custom)?.href).toBe("https://b.example/en/authcb");
    expect(allowedReturnUri("https://passport.example/en/authcb", custom)).toBeNull();
  });

  it("in local use are the loopback names on PORT; the services' address follows the browser's loopback Host only", () => {
    const local = readConfig({ PORT: "3300" }).social;
    expect(allowedReturnUri("http://127.0.0.1:3300/zh/authcb", local)).not.toBeNull();
    expect(allowedReturnUri("http://127.0.0.1:3301/zh/authcb", local)).toBeNull();
    expect(servicesBase(local, "127.0.0.1:3300")).toBe("http://127.0.0.1:3300");
    expect(servicesBase(local, "evil.example")).toBe("http://localhost:3300");
    expect(servicesBase(readConfig({ PUBLIC_ORIGIN: "https://passport.example" }).social, "evil.example")).toBe("https://passport.example");
    expect(servicesBase(readConfig({ SERVICES_PUBLIC_URL: "https://api.example/passport/" }).social, null)).toBe("https://api.example/passport");
  });
});
