/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { exchangeVerification, getAltchaChallenge, loadVerificationSetup } from "@/lib/upstream/verification";
import type { UpstreamContext } from "@/lib/upstream/passport";

const BASE = "http://passport.test";
const ctx: UpstreamContext = { token: "session-token", lang: "zh", app: { code: "passport", system: "web-pc", appVersion: "", origin: "passport" } };
const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

describe("human verification calls", () => {
  it("reads the provider; a page still renders when the services cannot say", async () => {
    server.use(http.get(`${BASE}/v1/verify/config`, () => HttpResponse.json({ code: 0, data: { provider: "altcha", siteKey: null, scene: null } })));
    await expect(loadVerificationSetup(ctx)).resolves.toEqual({ ok: true, config: { provider: "altcha", siteKey: null, scene: null } });

    server.use(http.get(`${BASE}/v1/verify/config`, () => HttpResponse.error()));
    await expect(loadVerificationSetup(ctx)).resolves.toEqual({ ok: false, code: 1002 });
  });

  it("fetches an ALTCHA challenge for the scene and email, as it is, without the session token", async () => {
    const seen: Array<{ url: URL; token: string | null }> = [];
    const challenge = { parameters: { algorithm: "PBKDF2/SHA-256", nonce: "a", salt: "b", cost: 1000, keyLength: 32, keyPrefix: "00" }, signature: "s" };
    server.use(
      http.get(`${BASE}/v1/verify/challenge`, ({ request }) => {
        seen.push({ url: new URL(request.url), token: request.headers.get("utoken") });
        return HttpResponse.json({ code: 0, data: challenge });
      }),
    );
    await expect(getAltchaChallenge(ctx, { scene: "login", email: "ada@example.com" })).resolves.toEqual(challenge);
    expect(seen.map(({ url, token }) => [Object.fromEntries(url.searchParams), token])).toEqual([[{ scene: "login", email: "ada@example.com" }, null]]);
  });

  it.each([
    ["altcha", "/v1/verify/pow", "payload"],
    ["recaptcha", "/v1/verify/ncdata/google", "token"],
    ["aliyun", "/v2/verify/ncdata", "nvc"],
  ] as const)("exchanges a %s value for a ticket at %s", async (provider, path, field) => {
    let body: unknown = null;
    server.use(
      http.post(`${BASE}${path}`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ code: 0, data: { ticket: "t".repeat(32), expiresIn: 120 } });
      }),
    );
    await expect(exchangeVerification(ctx, { scene: "register", email: "ada@example.com", provider, value: "v-1" })).resolves.toEqual({
      ticket: "t".repeat(32),
      expiresIn: 120,
    });
    expect(body).toEqual({ scene: "register", email: "ada@example.com", [field]: "v-1" });
  });

  it("passes a refused verification on as its code (20107)", async () => {
    server.use(http.post(`${BASE}/v1/verify/pow`, () => HttpResponse.json({ code: 20107 }, { status: 400 })));
    await expect(exchangeVerification(ctx, { scene: "login", email: "ada@example.com", provider: "altcha", value: "x" })).rejects.toMatchObject({ code: 20107 });
  });
});
