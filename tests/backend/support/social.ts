import { generateKeyPairSync } from "node:crypto";
import { servicesApp } from "@/lib/backend/http/app";
import { forgetProviderMetadata } from "@/lib/backend/social/providers";
import { TestProvider, type ConsentIdentity } from "../../support/oidc-provider";
import { OPEN_TIMEOUT, startBackend, stopBackend, type Backend, type BackendEnv } from "./harness";

/**
 * Social sign-in against real OpenID Connect providers on loopback (tests/support/oidc-provider.ts),
 * one per channel, and a "browser" that follows the round trip: the services' /auth, the
 * provider's consent page, the provider's redirect (or form_post) back to the services'
 * callback, which answers with the portal's callback address and the outcome.
 */
export const PORTAL_CALLBACK = "http://localhost:3000/en/authcb";
export const CLIENT_IDS = { google: "google-web-client", facebook: "facebook-web-client", apple: "com.example.passport.web" } as const;
export type Channel = keyof typeof CLIENT_IDS;

export type Providers = Record<Channel, TestProvider>;

/**
 * The three providers on loopback, each at a port the system picks: fixed ports collided with
 * other test runs on a shared machine (EADDRINUSE). All start, or none stays running.
 */
export async function startProviders(): Promise<Providers> {
  forgetProviderMetadata();
  const started = await Promise.allSettled([TestProvider.start(0, "Google"), TestProvider.start(0, "Facebook"), TestProvider.start(0, "Apple")]);
  const [google, facebook, apple] = started.map((result) => (result.status === "fulfilled" ? result.value : null));
  if (!google || !facebook || !apple) {
    // those that did start are stopped, so jest is not kept waiting for their sockets
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)));
    throw started.find((result) => result.status === "rejected")?.reason;
  }
  return { google, facebook, apple };
}

export async function stopProviders(providers: Providers | undefined): Promise<void> {
  if (providers) await Promise.all(Object.values(providers).map((provider) => provider.stop()));
}

/** Settings that point each provider at its test issuer; Apple signs its client secret with a fresh P-256 key. */
export function socialEnv(providers: Providers): BackendEnv {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    SOCIAL_PROVIDERS: "google,facebook,apple",
    SOCIAL_GOOGLE_ISSUER: providers.google.issuer,
    SOCIAL_GOOGLE_CLIENT_ID: CLIENT_IDS.google,
    SOCIAL_GOOGLE_CLIENT_SECRET: "google-secret",
    SOCIAL_GOOGLE_NATIVE_CLIENT_IDS: "google-ios-client",
    SOCIAL_FACEBOOK_ISSUER: providers.facebook.issuer,
    SOCIAL_FACEBOOK_CLIENT_ID: CLIENT_IDS.facebook,
    SOCIAL_FACEBOOK_CLIENT_SECRET: "facebook-secret",
    SOCIAL_APPLE_ISSUER: providers.apple.issuer,
    SOCIAL_APPLE_CLIENT_ID: CLIENT_IDS.apple,
    SOCIAL_APPLE_TEAM_ID: "TEAM123456",
    SOCIAL_APPLE_KEY_ID: "KEY1234567",
    SOCIAL_APPLE_PRIVATE_KEY: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
  };
}

export type Browser = { cookies: Map<string, string> };

export function newBrowser(): Browser {
  return { cookies: new Map() };
}

function keep(browser: Browser, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (expired) browser.cookies.delete(name);
    else browser.cookies.set(name, pair.slice(at + 1).trim());
  }
}

function cookieHeader(browser: Browser): string {
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** A request to the services as this browser, redirects not followed. */
export async function visit(browser: Browser, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (browser.cookies.size > 0) headers.set("cookie", cookieHeader(browser));
  const response = await servicesApp().fetch(new Request(url, { ...init, headers, redirect: "manual" }));
  keep(browser, response);
  return response;
}

export function authUrl(channel: string, query: Record<string, string>): string {
  return `http://localhost:3000/v1/oauth/${channel}/auth?${new URLSearchParams({ uri: PORTAL_CALLBACK, ...query })}`;
}

/** GET /auth: the provider's authorization URL (the services' 302). */
export async function startSignIn(browser: Browser, channel: string, query: Record<string, string> = {}): Promise<Response> {
  return visit(browser, authUrl(channel, query));
}

/**
 * The user at the provider: allow (as `identity`) or deny. Returns the callback the provider
 * sends the browser to: a GET URL, or a form_post's target and fields.
 */
export async function decideAtProvider(
  provider: TestProvider,
  authorizationUrl: string,
  decision: "allow" | "deny",
  identity: ConsentIdentity = {},
): Promise<{ method: "GET"; url: string } | { method: "POST"; url: string; form: URLSearchParams }> {
  let location = provider.decisionUrl(authorizationUrl, decision, identity);
  for (let hop = 0; hop < 3; hop++) {
    const url = new URL(location);
    if (url.origin !== new URL(provider.issuer).origin) return { method: "GET", url: location };
    if (url.pathname === "/form-post") {
      const form = new URLSearchParams(url.searchParams);
      const target = form.get("target") ?? "";
      form.delete("target");
      return { method: "POST", url: target, form };
    }
    const response = await fetch(location, { redirect: "manual" });
    location = response.headers.get("location") ?? "";
  }
  throw new Error("the provider did not send the browser back");
}

/** Deliver the provider's answer to the services' callback; the portal address it redirects to. */
export async function returnFromProvider(browser: Browser, answer: Awaited<ReturnType<typeof decideAtProvider>>): Promise<URL> {
  const response =
    answer.method === "GET"
      ? await visit(browser, answer.url)
      : await visit(browser, answer.url, { method: "POST", body: answer.form, headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

/** The whole round trip: the portal callback address the browser ends on. */
export async function socialRoundTrip(
  providers: Providers,
  browser: Browser,
  channel: Channel,
  options: { identity?: ConsentIdentity; decision?: "allow" | "deny"; query?: Record<string, string> } = {},
): Promise<URL> {
  const started = await startSignIn(browser, channel, options.query);
  expect(started.status).toBe(302);
  const answer = await decideAtProvider(providers[channel], started.headers.get("location") ?? "", options.decision ?? "allow", options.identity);
  return returnFromProvider(browser, answer);
}

/**
 * The setup of a social test file: the three providers once for the file, and before each test
 * a fresh backend that trusts them. Returns getters for both (the backend's clock is moved with
 * `backend()?.advance(seconds)`).
 */
export function socialBackendPerTest(): { provider: () => Providers; backend: () => Backend | undefined } {
  let providers: Providers | undefined;
  let backend: Backend | undefined;
  const provider = () => {
    if (!providers) throw new Error("providers not started");
    return providers;
  };
  beforeAll(async () => {
    providers = await startProviders();
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await stopProviders(providers);
  });
  beforeEach(async () => {
    backend = await startBackend(socialEnv(provider()));
  }, OPEN_TIMEOUT);
  afterEach(stopBackend);
  return { provider, backend: () => backend };
}
