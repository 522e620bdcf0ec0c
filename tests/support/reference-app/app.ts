import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet } from "jose";
import * as oidc from "openid-client";
import { LogoutTokenError, verifyLogoutToken } from "./backchannel";
import { homePage } from "./page";
import { SessionStore, type AppSession } from "./sessions";
import { authorizationRedirect, describeFailure, refreshTokens, signInFromCallback, uiLocales } from "./flows";

/**
 * The reference brand app (docs/oidc.md): a server-side web app on its own origin that signs its
 * users in with the portal's OpenID Provider through openid-client, as an app team would. The
 * e2e journeys (tests/e2e/oidc-*.spec.ts) and a newcomer (`npm run refapp`) both use it.
 */
export type ReferenceAppOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  port: number;
  host?: string;
};
export type ReferenceApp = { origin: string; close(): Promise<void> };

const COOKIE = "refapp_sid";
const MAX_BODY = 64 * 1024;

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) return void request.destroy(new Error("body too large"));
      chunks.push(chunk);
    });
    request.on("end", () => resolve(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    request.on("error", reject);
  });
}

function cookieOf(request: IncomingMessage): string | undefined {
  const pair = (request.headers.cookie ?? "").split(/;\s*/).find((part) => part.startsWith(`${COOKIE}=`));
  return pair?.slice(COOKIE.length + 1);
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, "cache-control": "no-store" });
  response.end();
}

export async function startReferenceApp(options: ReferenceAppOptions): Promise<ReferenceApp> {
  const host = options.host ?? "127.0.0.1";
  const sessions = new SessionStore();
  const seenLogoutTokens = new Set<string>();
  let origin = "";
  // discovered at the first use, so the app may start before the portal; a failure is retried
  let discovered: Promise<oidc.Configuration> | null = null;
  const config = () => {
    discovered ??= oidc
      .discovery(new URL(options.issuer), options.clientId, undefined, oidc.ClientSecretBasic(options.clientSecret), {
        execute: new URL(options.issuer).protocol === "http:" ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  function sessionFor(request: IncomingMessage, response: ServerResponse): AppSession {
    const found = sessions.get(cookieOf(request));
    if (found) return found;
    const made = sessions.create();
    response.setHeader("set-cookie", `${COOKIE}=${made.id}; Path=/; HttpOnly; SameSite=Lax`);
    return made;
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", origin);
    const key = `${request.method ?? "GET"} ${url.pathname}`;
    if (key === "GET /health") return send(response, 200, "text/plain", "ok");
    if (key === "POST /backchannel-logout") {
      const token = (await readForm(request)).get("logout_token") ?? "";
      const configuration = await config();
      const jwksUri = configuration.serverMetadata().jwks_uri;
      if (!jwksUri) return send(response, 500, "application/json", JSON.stringify({ error: "server_error" }));
      try {
        const who = await verifyLogoutToken(token, { issuer: configuration.serverMetadata().issuer, clientId: options.clientId, keys: createRemoteJWKSet(new URL(jwksUri)), seen: seenLogoutTokens });
        sessions.endFor(who);
        return send(response, 200, "application/json", "{}");
      } catch (error) {
        if (error instanceof LogoutTokenError) return send(response, 400, "application/json", JSON.stringify({ error: "invalid_request", error_description: error.message }));
        throw error;
      }
    }
    const session = sessionFor(request, response);
    if (key === "GET /") {
      const html = homePage(session, options.issuer);
      session.notice = null; // said once
      return send(response, 200, "text/html; charset=utf-8", html);
    }
    if (key === "POST /login" || key === "POST /renew") {
      const form = await readForm(request);
      const chosen = form.get("lang");
      const silent = key === "POST /renew";
      const lang = chosen === "zh" || chosen === "en" ? chosen : (session.user?.lang ?? null);
      // a step-up: only a passkey's sign-in (phr) meets it, when the account has one (docs/oidc.md)
      const acr = form.get("acr") === "phr" ? "phr" : null;
      return redirect(response, (await authorizationRedirect(await config(), session, { origin, silent, lang, acr })).href);
    }
    if (key === "GET /callback") {
      session.notice = await signInFromCallback(await config(), session, url).catch(describeFailure);
      return redirect(response, "/");
    }
    if ((key === "POST /refresh" || key === "POST /refresh-replay") && session.user) {
      session.notice = await refreshTokens(await config(), session.user, key === "POST /refresh-replay").catch(describeFailure);
      return redirect(response, "/");
    }
    if (key === "POST /logout" && session.user) {
      const { idToken, lang } = session.user;
      session.user = null;
      const end = oidc.buildEndSessionUrl(await config(), {
        id_token_hint: idToken,
        post_logout_redirect_uri: `${origin}/`,
        ...(lang ? { ui_locales: uiLocales(lang) } : {}),
      });
      return redirect(response, end.href);
    }
    if (request.method === "POST") return redirect(response, "/");
    return send(response, 404, "text/plain", "not found");
  }

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      // never the tokens: only what failed
      process.stderr.write(`reference app: ${request.method} ${request.url?.split("?")[0]} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) send(response, 502, "text/plain", "The provider could not be reached or answered an error; see the app's log.");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
