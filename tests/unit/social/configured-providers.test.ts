import { portalConfig, resetPortalConfig } from "@/lib/config";
import { parseLaunchContext } from "@/lib/launch/context";
import { socialStartUrl } from "@/lib/social/start-url";

/** Sign-in buttons only for providers the services in this process can run (an issuer, a client id, a secret or Apple's key). */
describe("social providers offered on the sign-in pages", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    for (const key of Object.keys(process.env)) if (key.startsWith("SOCIAL_") || key === "PASSPORT_API_URL" || key === "REGION") delete process.env[key];
    resetPortalConfig();
  });
  afterEach(() => {
    process.env = { ...saved };
    resetPortalConfig();
  });

  it("none without any client settings, although Google, Facebook and Apple are listed by default", () => {
    expect(portalConfig().socialProviders).toEqual([]);
  });

  it("only those with a client id and a secret (or Apple's key); another provider needs its issuer too", () => {
    process.env.SOCIAL_PROVIDERS = "google,facebook,apple,github";
    process.env.SOCIAL_GOOGLE_CLIENT_ID = "g";
    process.env.SOCIAL_GOOGLE_CLIENT_SECRET = "g-secret";
    process.env.SOCIAL_FACEBOOK_CLIENT_ID = "f";
    process.env.SOCIAL_APPLE_CLIENT_ID = "a";
    process.env.SOCIAL_APPLE_TEAM_ID = "T";
    process.env.SOCIAL_APPLE_KEY_ID = "K";
    process.env.SOCIAL_APPLE_PRIVATE_KEY = "-----BEGIN PRIVATE KEY-----";
    process.env.SOCIAL_GITHUB_CLIENT_ID = "gh";
    process.env.SOCIAL_GITHUB_CLIENT_SECRET = "gh-secret";
    expect(portalConfig().socialProviders).toEqual(["google", "apple"]);
    process.env.SOCIAL_GITHUB_ISSUER = "https://github.example";
    resetPortalConfig();
    expect(portalConfig().socialProviders).toEqual(["google", "apple", "github"]);
  });

  it("as listed when the services are elsewhere (they keep their clients to themselves)", () => {
    process.env.PASSPORT_API_URL = "https://passport-api.example";
    expect(portalConfig().socialProviders).toEqual(["google", "facebook", "apple"]);
  });
});

describe("the social redirect to /v1/oauth/{channel}/auth", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetPortalConfig();
  });

  it("carries SPEC §7's query, cid (the provider's web client id) included", () => {
    process.env.SOCIAL_GOOGLE_CLIENT_ID = "web-client.apps.example";
    process.env.SOCIAL_GOOGLE_CLIENT_SECRET = "secret";
    resetPortalConfig();
    const url = new URL(
      socialStartUrl({ channel: "google", op: "login", lang: "zh", launch: parseLaunchContext(new URLSearchParams("p=atomm&av=2.7.0&s=pc"), null), portalOrigin: "https://passport.example", r: null, nonce: "N".repeat(32) }),
    );
    expect(url.pathname).toBe("/v1/oauth/google/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      op: "login",
      uri: `https://passport.example/zh/authcb?sn=${"N".repeat(32)}`,
      cid: "web-client.apps.example",
      lang: "zh",
      appCode: "atomm",
      appPlatform: "pc",
      appVersion: "2.7.0",
      appOrigin: "atomm",
    });
  });

  it("names the session of a connection by its bind ticket (bt), never by the session token", () => {
    const launch = parseLaunchContext(new URLSearchParams("p=atomm"), null);
    const start = { channel: "google", op: "bind" as const, lang: "en" as const, launch, portalOrigin: "https://passport.example", r: null, nonce: "N".repeat(32) };
    const withTicket = new URL(socialStartUrl({ ...start, bind: { ticket: "T".repeat(64) } }));
    expect(withTicket.searchParams.get("bt")).toBe("T".repeat(64));
    expect(withTicket.searchParams.has("ut")).toBe(false);
    // only for an upstream API without tickets (SOCIAL_BIND_SESSION_TOKEN=true)
    const withToken = new URL(socialStartUrl({ ...start, bind: { token: "S".repeat(43) } }));
    expect(withToken.searchParams.get("ut")).toBe("S".repeat(43));
    expect(withToken.searchParams.has("bt")).toBe(false);
  });

  it("sends the session token itself only to an upstream passport API: with the reference services the switch is refused", () => {
    expect(portalConfig().socialBindSessionToken).toBe(false);
    process.env.SOCIAL_BIND_SESSION_TOKEN = "true";
    resetPortalConfig();
    expect(() => portalConfig()).toThrow(/^SOCIAL_BIND_SESSION_TOKEN: only for an upstream passport API/);
    process.env.PASSPORT_API_URL = "https://passport-api.example";
    resetPortalConfig();
    expect(portalConfig().socialBindSessionToken).toBe(true);
  });
});
