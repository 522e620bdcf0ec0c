import { count } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { oidcPayloads } from "@/lib/backend/db/schema";
import { OPEN_TIMEOUT, registerUser, stopBackend } from "./support/harness";
import { authorization, Browser, CALLBACK, listenProvider, newClient, relyingParty, type OidcServer } from "./support/oidc";

/**
 * Bad authorization requests (the conformance plans' negative checks). A request whose client or
 * redirect URI cannot be trusted gets the provider's error page, in the user's language, and is
 * never redirected; one whose redirect URI is registered gets the error at that URI, with `iss`.
 * Nothing is stored for a refused request.
 */
let server: OidcServer;
beforeAll(async () => {
  server = await listenProvider();
}, OPEN_TIMEOUT);
afterAll(() => server.close());
beforeEach(async () => {
  await (await import("./support/oidc")).startProviderBackend(server);
}, OPEN_TIMEOUT);
afterEach(stopBackend);

async function storedRows(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(oidcPayloads);
  return row?.n ?? 0;
}

/** The authorization URL of a signed-in browser with some parameters changed (null: removed). */
async function signedInRequest(changes: Record<string, string | null>, clientKind: "public" | "client_secret_basic" = "public") {
  const { utoken } = await registerUser(`user-${Object.keys(changes).join("-")}@example.com`);
  const { clientId } = await newClient({ kind: clientKind });
  const started = await authorization(await relyingParty(server.origin, clientId));
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) started.url.searchParams.delete(name);
    else started.url.searchParams.set(name, value);
  }
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  return { browser, url: started.url, clientId };
}

async function expectErrorPage(response: Response, error: string, lang: "en" | "zh") {
  expect(response.status).toBe(400);
  expect(response.headers.get("location")).toBeNull();
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  const html = await response.text();
  expect(html).toContain(lang === "zh" ? "无法继续登录" : "This sign-in cannot continue");
  expect(html).toContain(`<code>${error}</code>`);
  expect(html).not.toMatch(/\bat \S+ \(|node_modules/);
}

test.each([
  ["an unknown client", { client_id: "no-such-app" }, "invalid_client"],
  ["a redirect URI off by a slash", { redirect_uri: `${CALLBACK}/` }, "invalid_redirect_uri"],
  ["a redirect URI with a fragment", { redirect_uri: `${CALLBACK}#x` }, "invalid_redirect_uri"],
  ["a redirect URI of another host", { redirect_uri: "https://evil.example/callback" }, "invalid_redirect_uri"],
  ["no redirect URI", { redirect_uri: null }, "invalid_request"],
])("%s: the error page, never a redirect, and nothing stored", async (_name, changes, error) => {
  const { browser, url } = await signedInRequest(changes);
  const before = await storedRows();
  await expectErrorPage(await browser.request(url.href), error, "en");
  url.searchParams.set("ui_locales", "zh-CN");
  await expectErrorPage(await browser.request(url.href), error, "zh");
  expect(await storedRows()).toBe(before);
});

test.each([
  ["no PKCE from a public app", { code_challenge: null, code_challenge_method: null }, "invalid_request"],
  ["PKCE plain", { code_challenge_method: "plain" }, "invalid_request"],
  ["a request object", { request: "eyJhbGciOiJub25lIn0.eyJzdGF0ZSI6IngifQ." }, "request_not_supported"],
  ["the implicit flow", { response_type: "id_token" }, "unsupported_response_type"],
])("%s: refused at the app's registered redirect URI with iss, no code, nothing stored", async (_name, changes, error) => {
  const { browser, url } = await signedInRequest(changes);
  const before = await storedRows();
  const { location } = await browser.follow(url.href);
  expect(location?.href.startsWith(CALLBACK)).toBe(true);
  // an implicit request's answer would be in the fragment: the refusal is where the app looks
  const answer = location?.hash ? new URLSearchParams(location.hash.slice(1)) : location?.searchParams;
  expect(answer?.get("error")).toBe(error);
  expect(answer?.get("iss")).toBe(server.origin);
  expect(answer?.get("state")).toBe(url.searchParams.get("state"));
  expect(answer?.get("code")).toBeNull();
  expect(await storedRows()).toBe(before);
});

test("a parameter given twice is refused", async () => {
  const { browser, url } = await signedInRequest({});
  url.searchParams.append("scope", "openid");
  const { location, response } = await browser.follow(url.href);
  const error = location?.searchParams.get("error") ?? (await response.text());
  expect(error).toContain("invalid_request");
  expect(location?.searchParams.get("code") ?? null).toBeNull();
});
