import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as client from "openid-client";
import { registerClient, type ClientInput } from "@/lib/backend/oidc/clients";
import { providerRequestHandler } from "@/lib/backend/oidc/mount";
import { OPEN_TIMEOUT, startBackend, stopBackend, type BackendEnv } from "./harness";

/**
 * The OpenID Provider as an app and a browser meet it: its request handler (lib/backend/oidc/mount.ts,
 * what the portal's server hands the provider's paths to) on a loopback port the system picks,
 * with the services' real database behind it (harness.ts), PUBLIC_ORIGIN set to that address.
 * A relying party is openid-client, as an app team would use it (docs/oidc.md).
 */
export type OidcServer = { origin: string; close(): Promise<void> };

export async function listenProvider(): Promise<OidcServer> {
  const handle = providerRequestHandler();
  const server: Server = createServer((request, response) => {
    if (handle(request, response)) return;
    // what the portal would render with Next: here only a marker the tests can see
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not a provider path");
  });
  // Idle connections stay open until the test closes the server: fetch (undici) keeps its own
  // idle time by Date, which the harness holds still, so it would reuse a connection the server
  // had dropped after its keep-alive time (ECONNRESET).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startProviderBackend(server: OidcServer, env: BackendEnv = {}) {
  return startBackend({ PUBLIC_ORIGIN: server.origin, ...env });
}

/**
 * The hooks of a test file that drives the provider: one server for the file, a fresh backend
 * (database, clock, `env`) behind it for each test. The answer's `origin` is the server's, read in a test.
 */
export function providerPerTest(env: BackendEnv = {}): { readonly origin: string } {
  let server: OidcServer | null = null;
  const opened = (): OidcServer => {
    if (!server) throw new Error("the provider's server opens in beforeAll");
    return server;
  };
  beforeAll(async () => {
    server = await listenProvider();
  }, OPEN_TIMEOUT);
  afterAll(() => server?.close());
  beforeEach(() => startProviderBackend(opened(), env), OPEN_TIMEOUT);
  afterEach(stopBackend);
  return {
    get origin() {
      return opened().origin;
    },
  };
}

export const CALLBACK = "https://app.example/callback";
export const LOGGED_OUT = "https://app.example/logged-out";

export async function newClient(overrides: Partial<ClientInput> = {}): Promise<{ clientId: string; secret: string | null }> {
  return registerClient({ name: "Brand app", kind: "public", redirectUris: [CALLBACK], postLogoutRedirectUris: [LOGGED_OUT], ...overrides });
}

/** openid-client's configuration for a client of this provider (plain http on loopback allowed). */
export async function relyingParty(origin: string, clientId: string, auth: client.ClientAuth = client.None()): Promise<client.Configuration> {
  return client.discovery(new URL(origin), clientId, undefined, auth, { execute: [client.allowInsecureRequests] });
}

/** A browser's cookie jar at the provider's origin, following the provider's redirects. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  /** The portal's sign-in, as its pages leave it: the utoken cookie. */
  signInToPortal(utoken: string): void {
    this.cookies.set("utoken", utoken);
  }

  signOutOfPortal(): void {
    this.cookies.delete("utoken");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  async request(url: string, init: { method?: string; body?: URLSearchParams; headers?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    // what a browser's navigation asks for: the provider answers errors as a page, not as JSON
    if (!headers.has("accept")) headers.set("accept", "text/html,application/xhtml+xml,*/*;q=0.8");
    if (target.origin === this.origin && this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(target, { method: init.method ?? (init.body ? "POST" : "GET"), body: init.body, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expires = attributes.find((attribute) => attribute.trim().toLowerCase().startsWith("expires="));
      const gone = value === "" || (expires !== undefined && new Date(expires.split("=")[1] ?? "").getFullYear() < 2000);
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * Follows redirects at the provider's origin; stops at the first answer that is not one, or at
   * a redirect that leaves the provider (the app's callback, the portal's sign-in page).
   */
  async follow(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<{ response: Response; location: URL | null }> {
    let response = await this.request(url, init);
    for (let hop = 0; hop < 10; hop++) {
      const location = response.headers.get("location");
      if (!location) return { response, location: null };
      const next = new URL(location, this.origin);
      const providerPath = next.pathname.startsWith("/oidc/") || next.pathname.startsWith("/.well-known/");
      if (next.origin !== this.origin || !providerPath) return { response, location: next };
      response = await this.request(next.href);
    }
    throw new Error("too many redirects");
  }
}

export type Authorization = { url: URL; verifier: string; state: string; nonce: string };

/** An authorization request as openid-client builds it: PKCE S256, state and nonce. */
export async function authorization(config: client.Configuration, extra: Record<string, string> = {}): Promise<Authorization> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** The app's callback: the code exchanged and the ID token checked by openid-client. */
export async function redeem(config: client.Configuration, callback: URL, started: Authorization) {
  return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce, idTokenExpected: true });
}

/** A whole sign-in of a browser already signed in to the portal: the callback URL the app receives. */
export async function signInThroughProvider(browser: Browser, started: Authorization): Promise<URL> {
  const { location, response } = await browser.follow(started.url.href);
  if (!location || !location.href.startsWith(CALLBACK)) throw new Error(`the provider did not send the browser back to the app: ${location?.href ?? `${response.status} ${(await response.text()).slice(0, 600)}`}`);
  return location;
}
