import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { decodeJwt } from "jose";
import { Events, OAuth2Server, type AugmentedRequest, type MutableRedirectUri, type MutableResponse, type MutableToken, type TokenRequestIncomingMessage } from "oauth2-mock-server";

/**
 * A real OpenID Connect provider on loopback for tests (oauth2-mock-server: discovery, JWKS,
 * authorization code with PKCE, signed ID tokens), plus what a real provider has that the mock
 * leaves out:
 * - a consent page (GET /authorize): the "user" types the account they sign in as (email,
 *   name, whether the email is verified) and allows or denies; the mock's own authorize
 *   endpoint (/authorize/grant) then issues the code, and the tokens of that code carry that
 *   account's claims;
 * - Apple's form_post: the answer comes back as an auto-submitted cross-site POST;
 * - token introspection that reports whom an access token was issued to, and a userinfo that
 *   answers for the token's subject.
 * Used in-process by backend tests and as a process by the e2e run (tests/e2e/support/oidc-providers.ts).
 */
export type ConsentIdentity = { email?: string; name?: string; emailVerified?: boolean; sub?: string };

type Claims = { sub: string; email?: string; email_verified?: boolean; name?: string };

const escape = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A stable subject per email, so signing in again with the same email is the same provider account. */
export function subjectFor(email: string): string {
  return `sub-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 20)}`;
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
  res.end(body);
}

function consentPage(query: URLSearchParams, title: string): string {
  const hidden = [...query].map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} – sign in</title></head><body>
<main><h1>${escape(title)}</h1><form method="get" action="/authorize/decide">${hidden}
<p><label>Email <input name="email" type="email" autocomplete="off"></label></p>
<p><label>Name <input name="name" autocomplete="off"></label></p>
<p><label><input name="email_verified" type="checkbox" value="1" checked> Email verified</label></p>
<p><button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></p>
</form></main></body></html>`;
}

function formPostPage(target: string, fields: URLSearchParams): string {
  const inputs = [...fields].map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join("");
  return `<!doctype html><html><head><meta charset="utf-8"><title>Returning…</title></head><body onload="document.forms[0].submit()">
<form method="post" action="${escape(target)}">${inputs}<noscript><button>Continue</button></noscript></form></body></html>`;
}

export class TestProvider {
  readonly server = new OAuth2Server(undefined, undefined, { endpoints: { authorize: "/authorize/grant" } });
  /** the account each issued code stands for */
  private readonly accounts = new Map<string, Claims>();

  private constructor(readonly title: string) {}

  static async start(port: number, title = "Test provider", host = "127.0.0.1"): Promise<TestProvider> {
    const provider = new TestProvider(title);
    // The key is made here rather than by keys.generate(): under jest's module sandbox the JWK that
    // Node exports belongs to another realm, which the mock's plain-object check refuses.
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const jwk = JSON.parse(JSON.stringify(privateKey.export({ format: "jwk" }))) as Record<string, unknown>;
    await provider.server.issuer.keys.add({ ...jwk, alg: "RS256", kid: randomBytes(8).toString("hex") });
    provider.routes();
    await provider.server.start(port, host);
    // The issuer is the address clients are given (the port the system chose when `port` is 0);
    // the mock would otherwise call 127.0.0.1 "localhost".
    provider.server.issuer.url = `http://${host}:${provider.server.address().port}`;
    return provider;
  }

  get issuer(): string {
    const url = this.server.issuer.url;
    if (!url) throw new Error("the provider is not running");
    return url;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private routes(): void {
    const service = this.server.service;
    service.on(Events.BeforeWellKnownOpenIdConfiguration, (response: MutableResponse) => {
      if (typeof response.body === "object") {
        Object.assign(response.body, {
          authorization_endpoint: `${this.issuer}/authorize`,
          introspection_endpoint: `${this.issuer}/introspect/client`,
          response_modes_supported: ["query", "form_post"],
          token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        });
      }
    });
    service.addRoute("GET", "/authorize", (req: IncomingMessage, res: ServerResponse) => {
      send(res, 200, "text/html; charset=utf-8", consentPage(new URL(req.url ?? "/", this.issuer).searchParams, this.title));
    });
    service.addRoute("GET", "/authorize/decide", (req: IncomingMessage, res: ServerResponse) => this.decide(req, res));
    service.addRoute("GET", "/form-post", (req: IncomingMessage, res: ServerResponse) => {
      const query = new URL(req.url ?? "/", this.issuer).searchParams;
      const target = query.get("target") ?? "";
      query.delete("target");
      send(res, 200, "text/html; charset=utf-8", formPostPage(target, query));
    });
    service.on(Events.BeforeAuthorizeRedirect, (redirect: MutableRedirectUri, req: IncomingMessage) => {
      const query = new URL(req.url ?? "/", this.issuer).searchParams;
      const code = redirect.url.searchParams.get("code");
      const email = query.get("mock_email") ?? "";
      if (code) {
        this.accounts.set(code, {
          sub: query.get("mock_sub") || subjectFor(email || code),
          ...(email ? { email, email_verified: query.get("mock_email_verified") === "1" } : {}),
          ...(query.get("mock_name") ? { name: query.get("mock_name") ?? "" } : {}),
        });
      }
      if (query.get("response_mode") === "form_post") this.toFormPost(redirect.url);
    });
    service.on(Events.BeforeTokenSigning, (token: MutableToken, req: TokenRequestIncomingMessage) => {
      const code = typeof req.body.code === "string" ? req.body.code : undefined;
      const account = code ? this.accounts.get(code) : undefined;
      if (account) Object.assign(token.payload, account);
      // access tokens name the client they were issued to, as introspection reports it
      if (typeof req.body.client_id === "string" && token.payload.aud === undefined) token.payload.client_id = req.body.client_id;
    });
    service.on(Events.BeforeUserinfo, (response: MutableResponse, req: IncomingMessage) => {
      const claims = this.bearerClaims(req.headers.authorization);
      response.body = claims ? { sub: claims.sub, email: claims.email, email_verified: claims.email_verified, name: claims.name } : { error: "invalid_token" };
      if (!claims) response.statusCode = 401;
    });
    service.addRoute("POST", "/introspect/client", (req: AugmentedRequest, res: ServerResponse) => {
      const token = req.body && !Array.isArray(req.body) ? req.body.token : undefined;
      const claims = typeof token === "string" ? this.bearerClaims(`Bearer ${token}`) : null;
      const active = claims !== null && typeof claims.exp === "number" && claims.exp * 1000 > Date.now();
      send(res, 200, "application/json", JSON.stringify(active ? { active, sub: claims.sub, client_id: claims.client_id, exp: claims.exp, iss: this.issuer } : { active: false }));
    });
  }

  /** The consent form's answer: deny returns access_denied; allow goes through the mock's authorize with the account. */
  private decide(req: IncomingMessage, res: ServerResponse): void {
    const query = new URL(req.url ?? "/", this.issuer).searchParams;
    const redirectUri = query.get("redirect_uri") ?? "";
    if (query.get("decision") !== "allow") {
      const target = new URL(redirectUri);
      target.searchParams.set("error", "access_denied");
      const state = query.get("state");
      if (state) target.searchParams.set("state", state);
      if (query.get("response_mode") === "form_post") this.toFormPost(target);
      send(res, 302, "text/plain", "", { location: target.href });
      return;
    }
    const grant = new URL("/authorize/grant", this.issuer);
    for (const [name, value] of query) {
      if (!["decision", "email", "name", "email_verified", "sub"].includes(name)) grant.searchParams.set(name, value);
    }
    grant.searchParams.set("mock_email", query.get("email") ?? "");
    grant.searchParams.set("mock_name", query.get("name") ?? "");
    grant.searchParams.set("mock_email_verified", query.get("email_verified") === "1" ? "1" : "0");
    if (query.get("sub")) grant.searchParams.set("mock_sub", query.get("sub") ?? "");
    send(res, 302, "text/plain", "", { location: grant.href });
  }

  /** Turn a query answer into this provider's form_post page for it. */
  private toFormPost(url: URL): void {
    const page = new URL("/form-post", this.issuer);
    page.searchParams.set("target", `${url.origin}${url.pathname}`);
    for (const [name, value] of url.searchParams) page.searchParams.set(name, value);
    url.href = page.href;
  }

  private bearerClaims(header: string | undefined): (Claims & { exp?: number; client_id?: string }) | null {
    const token = header?.replace(/^Bearer\s+/i, "");
    if (!token) return null;
    try {
      const payload = decodeJwt(token);
      return typeof payload.sub === "string" ? (payload as Claims & { exp?: number; client_id?: string }) : null;
    } catch {
      return null;
    }
  }

  /** What a user deciding on the consent page submits (backend tests drive the provider with it). */
  decisionUrl(authorizationUrl: string, decision: "allow" | "deny", identity: ConsentIdentity = {}): string {
    const from = new URL(authorizationUrl);
    const url = new URL("/authorize/decide", this.issuer);
    for (const [name, value] of from.searchParams) url.searchParams.set(name, value);
    url.searchParams.set("decision", decision);
    if (identity.email !== undefined) url.searchParams.set("email", identity.email);
    if (identity.name) url.searchParams.set("name", identity.name);
    if (identity.emailVerified !== false) url.searchParams.set("email_verified", "1");
    if (identity.sub) url.searchParams.set("sub", identity.sub);
    return url.href;
  }

  /** A token signed with this provider's key, as it would hand one to a native app (claims may be overridden). */
  async token(claims: Record<string, unknown>, expiresIn = 3600): Promise<string> {
    return this.server.issuer.buildToken({ expiresIn, scopesOrTransform: (_header, payload) => Object.assign(payload, claims) });
  }
}
