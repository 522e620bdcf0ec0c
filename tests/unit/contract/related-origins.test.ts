/** @jest-environment node */
import { relatedOriginLabels } from "@/lib/contract/related-origins";
import { webAuthnSettings } from "@/lib/backend/webauthn-settings";

const base = { rpId: null, rpName: null, embedOrigins: [], publicOrigin: "https://passport.example.com", port: 3000 };
const six = ["https://one.com", "https://two.com", "https://three.org", "https://four.net", "https://five.io", "https://six.de"];

describe("WebAuthn related origins: at most the five site names browsers honour", () => {
  test("origins of one registrable name count once; localhost and IP addresses are not counted", () => {
    expect(relatedOriginLabels(["https://shop.brand.co.uk", "https://brand.com", "https://www.brand.de", "http://localhost:4100", "http://127.0.0.2:4100"])).toEqual(["brand"]);
  });

  test("the services accept five names spread over many origins", () => {
    const origins = [...six.slice(0, 5), "https://eu.one.com", "https://one.co.uk"];
    const result = webAuthnSettings({ ...base, relatedOrigins: origins });
    expect(result.ok).toBe(true);
  });

  test("the services refuse a sixth name, saying which and why", () => {
    const result = webAuthnSettings({ ...base, relatedOrigins: six });
    expect(result).toEqual({ ok: false, message: expect.stringContaining("6 site names (one, two, three, four, five, six), but browsers honour only 5") });
  });

  test("the portal refuses to start with a sixth name", async () => {
    const saved = { ...process.env };
    process.env.PASSPORT_API_URL = "http://127.0.0.1:9";
    process.env.PORTAL_SERVICES_KEY = "k".repeat(32);
    process.env.WEBAUTHN_RELATED_ORIGINS = six.join(",");
    Object.assign(process.env, { NEXT_RUNTIME: "nodejs" });
    try {
      const { register } = await import("@/instrumentation");
      await expect(register()).rejects.toThrow("browsers honour only 5");
      process.env.WEBAUTHN_RELATED_ORIGINS = six.slice(0, 5).join(",");
      await expect(register()).resolves.toBeUndefined();
    } finally {
      process.env = saved;
      (await import("@/lib/config")).resetPortalConfig();
    }
  });
});
