import { desc, eq } from "drizzle-orm";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { runCli } from "@/lib/backend/cli/run";
import { getDb } from "@/lib/backend/db/client";
import { auditLog, oidcClients } from "@/lib/backend/db/schema";
import { newClientId } from "@/lib/backend/oidc/clients";
import { TTL } from "@/lib/backend/oidc/settings";
import { PUBLISH_AHEAD } from "@/lib/backend/oidc/signing-keys";
import { OPEN_TIMEOUT, registerUser, stopBackend, type Backend } from "./support/harness";
import { authorization, Browser, CALLBACK, listenProvider, redeem, relyingParty, signInThroughProvider, startProviderBackend, type OidcServer } from "./support/oidc";

/**
 * Apps are registered with `npm run cli -- client:…` (audited, with a reason): the secret of a
 * confidential app is shown once and kept sealed; a new secret replaces the old at once; a
 * disabled app can no longer sign users in. The provider reads the table on every request, so a
 * change holds at once for every instance.
 */
let server: OidcServer;
beforeAll(async () => {
  server = await listenProvider();
}, OPEN_TIMEOUT);
afterAll(() => server.close());
let backend: Backend;
beforeEach(async () => {
  backend = await startProviderBackend(server);
}, OPEN_TIMEOUT);
afterEach(stopBackend);

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const REASON = ["--reason", "welder app goes live"];

/** The token endpoint's answer to a made-up code: invalid_grant once the app authenticated, invalid_client if it did not. */
async function tokenEndpointSays(clientId: string, secret: string): Promise<string> {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64");
  const response = await fetch(`${server.origin}/oidc/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code: "made-up", redirect_uri: CALLBACK, code_verifier: "v".repeat(43) }),
  });
  return String(((await response.json()) as { error?: unknown }).error);
}

test("client:create shows a confidential app's secret once, keeps it sealed, and the provider knows the app at once", async () => {
  const created = await admin("client:create", "--name", "Welder", "--kind", "client_secret_basic", "--redirect-uri", CALLBACK, "--brand", "welder", ...REASON, "--json");
  expect(created.code).toBe(0);
  const { clientId, secret } = JSON.parse(created.out) as { clientId: string; secret: string };
  expect(secret.length).toBeGreaterThanOrEqual(43);

  const listed = await admin("client:list");
  expect(listed.out).toContain(clientId);
  expect(listed.out).toContain("client_secret_basic");
  expect(listed.out).not.toContain(secret);
  const [row] = await (await getDb()).select().from(oidcClients).where(eq(oidcClients.clientId, clientId));
  expect(JSON.stringify(row)).not.toContain(secret);

  expect(await tokenEndpointSays(clientId, secret)).toBe("invalid_grant");
  expect(await tokenEndpointSays(clientId, `${secret}x`)).toBe("invalid_client");

  const [entry] = await (await getDb()).select().from(auditLog).where(eq(auditLog.action, "cli:client:create")).orderBy(desc(auditLog.at));
  expect(entry).toMatchObject({ actor: "cli", outcome: "ok", reason: "welder app goes live" });
  expect(JSON.stringify(entry)).not.toContain(secret);
});

test("a new client id never begins with '-', which the command line would read as an option", () => {
  // base64url ids began with '-' once in 64 draws, and `client:rotate-secret <id>` then failed with a usage error
  const ids = Array.from({ length: 2_000 }, newClientId);
  expect(ids.filter((id) => !/^[0-9a-f]{32}$/.test(id))).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
});

test("client:rotate-secret: the new secret works and the old one stops at once", async () => {
  const { clientId, secret } = JSON.parse((await admin("client:create", "--name", "Shop", "--kind", "client_secret_basic", "--redirect-uri", CALLBACK, ...REASON, "--json")).out) as { clientId: string; secret: string };
  const rotated = await admin("client:rotate-secret", clientId, "--reason", "secret leaked in a log", "--json");
  expect(rotated.code).toBe(0);
  const fresh = (JSON.parse(rotated.out) as { secret: string }).secret;
  expect(fresh).not.toBe(secret);
  expect(await tokenEndpointSays(clientId, secret)).toBe("invalid_client");
  expect(await tokenEndpointSays(clientId, fresh)).toBe("invalid_grant");
});

test("client:disable: the app's sign-ins get the error page and its token requests are refused", async () => {
  const { clientId } = JSON.parse((await admin("client:create", "--name", "Old app", "--kind", "public", "--redirect-uri", CALLBACK, ...REASON, "--json")).out) as { clientId: string };
  const started = await authorization(await relyingParty(server.origin, clientId));
  expect((await admin("client:disable", clientId, "--reason", "app retired")).code).toBe(0);
  const response = await new Browser(server.origin).request(started.url.href);
  expect(response.status).toBe(400);
  expect(response.headers.get("location")).toBeNull();
  expect(await response.text()).toContain("<code>invalid_client</code>");
  const token = await fetch(`${server.origin}/oidc/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "made-up", client_id: clientId }),
  });
  expect(await token.json()).toMatchObject({ error: "invalid_client" });
  expect((await admin("client:list")).out).toMatch(new RegExp(`${clientId}.*disabled`));
});

test.each([
  [["--redirect-uri", `${CALLBACK}#frag`], 1, "no fragment"],
  [["--redirect-uri", "http://app.example/callback"], 1, "must be https"],
  [["--redirect-uri", "not a url"], 1, "not an absolute URL"],
  [[], 1, "at least one redirect URI"],
  [["--redirect-uri", CALLBACK, "--jwks", "{\"keys\":[]}"], 1, "Public keys are only for private_key_jwt"],
])("client:create refuses bad input %j and registers nothing", async (extra, exitCode, message) => {
  const refused = await admin("client:create", "--name", "Bad", "--kind", "public", ...extra, ...REASON);
  expect(refused.code).toBe(exitCode);
  expect(refused.err).toContain(message);
  expect((await admin("client:list")).out).toBe("No clients registered.");
});

test("a change without a reason, a secret for a public app, or an unknown client is refused", async () => {
  expect((await admin("client:create", "--name", "No reason", "--kind", "public", "--redirect-uri", CALLBACK)).code).toBe(2);
  const { clientId } = JSON.parse((await admin("client:create", "--name", "Spa", "--kind", "public", "--redirect-uri", CALLBACK, ...REASON, "--json")).out) as { clientId: string };
  expect(await admin("client:rotate-secret", clientId, ...REASON)).toMatchObject({ code: 1, err: expect.stringContaining("Only a client_secret_basic client") });
  expect(await admin("client:disable", "no-such-client", ...REASON)).toMatchObject({ code: 1, err: expect.stringContaining("No enabled client") });
});

/** The published keys, as an app fetches them. */
async function jwks(): Promise<JSONWebKeySet> {
  return (await (await fetch(`${server.origin}/oidc/jwks`)).json()) as JSONWebKeySet;
}

test("keys:rotate: new ID tokens carry the new key; one signed before still verifies against the JWKS until it has expired, then the old key is gone", async () => {
  const { clientId } = JSON.parse((await admin("client:create", "--name", "Keys", "--kind", "public", "--redirect-uri", CALLBACK, ...REASON, "--json")).out) as { clientId: string };
  const config = await relyingParty(server.origin, clientId);
  const browser = new Browser(server.origin);
  browser.signInToPortal((await registerUser("rotation@example.com")).utoken);
  const signIn = async () => {
    const started = await authorization(config);
    return String((await redeem(config, await signInThroughProvider(browser, started), started)).id_token);
  };
  const before = await signIn();
  const oldKid = decodeProtectedHeader(before).kid;

  expect(await admin("keys:rotate")).toMatchObject({ code: 2 });
  expect((await admin("keys:rotate", "--reason", "yearly rotation")).code).toBe(0);
  const [entry] = await (await getDb()).select().from(auditLog).where(eq(auditLog.action, "cli:keys:rotate")).orderBy(desc(auditLog.at));
  expect(entry).toMatchObject({ outcome: "ok", reason: "yearly rotation" });

  backend.advance(PUBLISH_AHEAD + 1);
  const after = await signIn();
  const newKid = decodeProtectedHeader(after).kid;
  expect(newKid).not.toBe(oldKid);
  const published = await jwks();
  expect(published.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
  expect(published.keys).toHaveLength(4);
  await expect(jwtVerify(before, createLocalJWKSet(published))).resolves.toMatchObject({ protectedHeader: { kid: oldKid } });
  await expect(jwtVerify(after, createLocalJWKSet(published))).resolves.toMatchObject({ protectedHeader: { kid: newKid } });

  // the old key's ID tokens have expired: it is no longer published (nor kept)
  backend.advance(TTL.IdToken);
  const later = await jwks();
  expect(later.keys.map((key) => key.kid)).not.toContain(oldKid);
  expect(later.keys.map((key) => key.kid)).toContain(newKid);
  expect(later.keys).toHaveLength(2);
});

test("a native app's loopback redirect matches on any port; a web app's only exactly", async () => {
  const browser = new Browser(server.origin);
  browser.signInToPortal((await registerUser("loopback@example.com")).utoken);
  const loopback = "http://127.0.0.1/callback";
  const elsewhere = "http://127.0.0.1:49152/callback";
  const native = JSON.parse((await admin("client:create", "--name", "Desktop", "--kind", "public", "--native", "--redirect-uri", loopback, ...REASON, "--json")).out) as { clientId: string };
  const { location } = await browser.follow((await authorization(await relyingParty(server.origin, native.clientId), { redirect_uri: elsewhere })).url.href);
  expect(location?.origin).toBe("http://127.0.0.1:49152");
  expect(location?.searchParams.get("code")).toEqual(expect.any(String));

  const web = JSON.parse((await admin("client:create", "--name", "Web", "--kind", "public", "--redirect-uri", loopback, ...REASON, "--json")).out) as { clientId: string };
  const refused = await browser.follow((await authorization(await relyingParty(server.origin, web.clientId), { redirect_uri: elsewhere })).url.href);
  expect(refused.location).toBeNull();
  expect(refused.response.status).toBe(400);
  expect(await admin("client:create", "--name", "Bad", "--kind", "client_secret_basic", "--native", "--redirect-uri", "com.example.app:/cb", ...REASON)).toMatchObject({ code: 1, err: expect.stringContaining("A native app is a public client") });
});
