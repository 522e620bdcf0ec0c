/**
 * Three brand sites for the FedCM tests (docs/fedcm.md), each on its own loopback site, none the
 * portal's (the embeddable portal, whose issuer is http://localhost:EMBED_PORT): a page that signs
 * in with the host script's PassportEmbed.signIn (FedCM where the browser has it, the portal's
 * frame otherwise), and the brand's server side, which redeems the code at the portal's token
 * endpoint with its secret and asks userinfo who signed in. Their registrations are in
 * FEDCM_BRANDS_FILE (seed.ts). Started and stopped by Playwright's webServer.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { FEDCM_BRANDS_FILE, type FedcmBrand } from "./fixtures";

const issuer = process.env.FEDCM_ISSUER ?? "http://localhost:3403";
// the brand's server reaches the portal by its address; the provider answers as its issuer
const portalAddress = process.env.FEDCM_PORTAL_URL ?? "http://127.0.0.1:3403";
const brands = JSON.parse(readFileSync(FEDCM_BRANDS_FILE, "utf8")) as FedcmBrand[];

function brandPage(brand: FedcmBrand): string {
  const settings = { configURL: `${issuer}/oidc/fedcm/config.json`, clientId: brand.clientId, portal: issuer };
  return `<!doctype html><html><head><meta charset="utf-8"><title>${brand.name}</title>
<script src="${issuer}/embed/passport-embed.js"></script></head>
<body><h1>${brand.name}</h1><button id="sign-in">Sign in with Passport</button><button id="open">Open the passport</button><p id="user"></p><div id="passport"></div>
<script>
  var settings = ${JSON.stringify(settings)};
  window.fallbacks = [];
  function start(mode) {
    return PassportEmbed.signIn({
      configURL: settings.configURL, clientId: settings.clientId, mode: mode,
      params: { scope: "openid email", nonce: String(Math.random()).slice(2) },
      onCode: function (code) {
        fetch("/exchange", { method: "POST", body: code }).then(function (answer) { return answer.json(); }).then(function (user) {
          document.getElementById("user").textContent = user.email ? "Signed in as " + user.email : "Sign-in failed";
        });
      },
      fallback: { container: "#passport", src: settings.portal + "/en/login" },
      onFallback: function (frame, reason) { window.fallbacks.push(reason); console.info("fallback: " + reason); }
    });
  }
  document.getElementById("sign-in").addEventListener("click", function () { start("active"); });
  // the portal in a frame on this page, where the browser keeps no third-party cookie
  document.getElementById("open").addEventListener("click", function () {
    window.portal = PassportEmbed.frame({ container: "#passport", src: settings.portal + "/en/login" });
  });
  if (new URLSearchParams(location.search).has("passive")) start("passive");
</script></body></html>`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

/** The brand's server: the code for tokens (its secret), then userinfo. */
async function exchange(brand: FedcmBrand, code: string): Promise<{ email?: string; error?: string }> {
  const basic = Buffer.from(`${encodeURIComponent(brand.clientId)}:${encodeURIComponent(brand.secret)}`).toString("base64");
  const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: brand.redirectUri });
  const tokens = await fetch(`${portalAddress}/oidc/token`, { method: "POST", headers: { authorization: `Basic ${basic}` }, body });
  const answer = (await tokens.json()) as { access_token?: string; error?: string };
  if (!answer.access_token) return { error: answer.error ?? "no token" };
  const info = await fetch(`${portalAddress}/oidc/me`, { headers: { authorization: `Bearer ${answer.access_token}` } });
  return (await info.json()) as { email?: string };
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

for (const brand of brands) {
  const url = new URL(brand.origin);
  createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path === "/health") return send(response, 200, "text/plain", "ok");
    if (path === "/" && request.method === "GET") return send(response, 200, "text/html; charset=utf-8", brandPage(brand));
    if (path === "/exchange" && request.method === "POST") {
      void readBody(request)
        .then((code) => exchange(brand, code.trim()))
        .then((user) => send(response, 200, "application/json", JSON.stringify(user)))
        .catch((error: unknown) => send(response, 502, "application/json", JSON.stringify({ error: String(error) })));
      return;
    }
    send(response, 404, "text/plain", "not found");
  }).listen(Number(url.port), url.hostname);
}
