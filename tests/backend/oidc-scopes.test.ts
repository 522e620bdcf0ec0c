import { count, desc, eq } from "drizzle-orm";
import { runCli } from "@/lib/backend/cli/run";
import { getDb } from "@/lib/backend/db/client";
import { auditLog, oidcClients } from "@/lib/backend/db/schema";
import { call, registerUser } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";
import { authorization, Browser, CALLBACK, newClient, providerPerTest, redeem, relyingParty, signInThroughProvider } from "./support/oidc";

/**
 * The scopes an app may ask for are chosen per app (docs/oidc.md "Scopes"): openid always, then
 * any of email, profile and offline_access. The provider refuses a request for another with
 * invalid_scope, so nothing it was not allowed reaches the app's tokens or userinfo; refresh
 * tokens only for an app allowed offline_access. A bad scope name at registration (console or
 * CLI) is refused on its field, and nothing is stored.
 */
const provider = providerPerTest();

async function signedInBrowser(email: string): Promise<Browser> {
  const browser = new Browser(provider.origin);
  browser.signInToPortal((await registerUser(email)).utoken);
  return browser;
}

async function userinfo(accessToken: string): Promise<Record<string, unknown>> {
  return (await (await fetch(`${provider.origin}/oidc/me`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as Record<string, unknown>;
}

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const clientCount = async () => (await (await getDb()).select({ n: count() }).from(oidcClients))[0]?.n;

test("an app not allowed email that asks for it is refused with invalid_scope; what it may ask for carries no email", async () => {
  const { clientId } = await newClient({ scopes: ["profile"] });
  const config = await relyingParty(provider.origin, clientId);
  const browser = await signedInBrowser("no-email@example.com");

  const greedy = await authorization(config, { scope: "openid email profile" });
  const refused = (await browser.follow(greedy.url.href)).location;
  expect(refused?.href.startsWith(CALLBACK)).toBe(true);
  expect(refused?.searchParams.get("error")).toBe("invalid_scope");
  expect(refused?.searchParams.get("state")).toBe(greedy.state);
  expect(refused?.searchParams.has("code")).toBe(false);

  const started = await authorization(config, { scope: "openid profile" });
  const tokens = await redeem(config, await signInThroughProvider(browser, started), started);
  expect(tokens.claims()).not.toHaveProperty("email");
  const info = await userinfo(tokens.access_token);
  expect(info.sub).toBe(tokens.claims()?.sub);
  expect(info).not.toHaveProperty("email");
  expect(info).not.toHaveProperty("email_verified");
});

test("refresh tokens only for an app allowed offline_access", async () => {
  const browser = await signedInBrowser("refresh@example.com");
  const offline = { scope: "openid offline_access", prompt: "consent" };

  const withOffline = await newClient({ scopes: ["offline_access"] });
  const allowed = await relyingParty(provider.origin, withOffline.clientId);
  const kept = await authorization(allowed, offline);
  const tokens = await redeem(allowed, await signInThroughProvider(browser, kept), kept);
  expect(tokens.refresh_token).toEqual(expect.any(String));

  const without = await newClient({ scopes: ["email"] });
  const config = await relyingParty(provider.origin, without.clientId);
  const started = await authorization(config, offline);
  const none = await redeem(config, await signInThroughProvider(browser, started), started);
  expect(none.refresh_token).toBeUndefined();
  expect(none.scope?.split(" ")).toEqual(["openid"]);
});

test("a third-party app's consent screen lists only what it may get", async () => {
  const { clientId } = await newClient({ name: "Outside Maker", firstParty: false, scopes: ["email"] });
  const config = await relyingParty(provider.origin, clientId);
  const browser = await signedInBrowser("consent-scopes@example.com");
  const started = await authorization(config, { scope: "openid email offline_access", prompt: "consent" });
  const { response, location } = await browser.follow(started.url.href);
  expect(location).toBeNull();
  const html = await response.text();
  expect(html).toContain("See your email address");
  expect(html).not.toContain("Stay signed in");
});

test("the console: a bad scope name is a 400 on the scopes field and nothing is stored; the chosen scopes are listed and audited", async () => {
  const headers = operatorHeaders(await sessionOf(await newOperator("admin")));
  const body = { name: "Kiosk", kind: "public", redirectUris: CALLBACK, reason: "kiosk goes live" };
  const bad = await call("POST", "/v1/console/clients", { headers, body: { ...body, scopes: ["email", "phone"] } });
  expect(bad).toMatchObject({ status: 400, data: { error: "badScope", field: "scopes" } });
  expect(await clientCount()).toBe(0);

  const created = await call("POST", "/v1/console/clients", { headers, body: { ...body, scopes: ["profile"] } });
  expect(created.code).toBe(0);
  const list = await call("GET", "/v1/console/clients", { headers });
  expect(list.data?.items).toEqual([expect.objectContaining({ clientId: created.data?.clientId, scopes: ["profile"] })]);
  const [entry] = await (await getDb()).select().from(auditLog).where(eq(auditLog.action, "client.create")).orderBy(desc(auditLog.at));
  expect(entry).toMatchObject({ outcome: "ok", reason: "kiosk goes live" });
  expect(entry?.detail).toMatchObject({ scopes: ["profile"] });
});

test("the CLI: client:create --scopes refuses an unknown name and stores nothing; client:scopes changes what the provider allows, audited", async () => {
  const refused = await admin("client:create", "--name", "Kiosk", "--kind", "public", "--redirect-uri", CALLBACK, "--scopes", "email phone", "--reason", "kiosk goes live");
  expect(refused.code).not.toBe(0);
  expect(refused.err).toContain('Unknown scope "phone"');
  expect(await clientCount()).toBe(0);

  const created = await admin("client:create", "--name", "Kiosk", "--kind", "public", "--redirect-uri", CALLBACK, "--scopes", "email,profile", "--reason", "kiosk goes live", "--json");
  expect(created.code).toBe(0);
  const { clientId } = JSON.parse(created.out) as { clientId: string };
  expect((await admin("client:list")).out).toContain("openid email profile");
  const config = await relyingParty(provider.origin, clientId);
  const browser = await signedInBrowser("cli-scopes@example.com");
  const before = await authorization(config, { scope: "openid email" });
  const tokens = await redeem(config, await signInThroughProvider(browser, before), before);
  expect((await userinfo(tokens.access_token)).email).toBe("cli-scopes@example.com");

  expect((await admin("client:scopes", clientId, "--scopes", "profile openid bogus", "--reason", "no more email")).code).not.toBe(0);
  const changed = await admin("client:scopes", clientId, "--scopes", "profile", "--reason", "no more email");
  expect(changed).toMatchObject({ code: 0, out: `Client ${clientId} may now ask for: openid profile.` });
  const after = await authorization(config, { scope: "openid email" });
  expect((await browser.follow(after.url.href)).location?.searchParams.get("error")).toBe("invalid_scope");
  const entries = await (await getDb()).select().from(auditLog).where(eq(auditLog.action, "cli:client:scopes")).orderBy(desc(auditLog.at));
  // the refused change is audited as the CLI's other refusals are (failed), the change as ok
  expect(entries.map((entry) => `${entry.outcome} ${entry.reason} ${entry.targetId}`).sort()).toEqual([`failed no more email ${clientId}`, `ok no more email ${clientId}`]);
});

test("the console: only an admin changes an app's scopes, with a reason; a bad name changes nothing; the provider enforces the new set at once, audited", async () => {
  const admin = operatorHeaders(await sessionOf(await newOperator("admin")));
  const created = await call("POST", "/v1/console/clients", { headers: admin, body: { name: "Till", kind: "public", redirectUris: CALLBACK, scopes: ["email", "profile"], reason: "till goes live" } });
  const clientId = String(created.data?.clientId);
  const config = await relyingParty(provider.origin, clientId);
  const browser = await signedInBrowser("console-scopes@example.com");
  const before = await authorization(config, { scope: "openid email" });
  const tokens = await redeem(config, await signInThroughProvider(browser, before), before);
  expect((await userinfo(tokens.access_token)).email).toBe("console-scopes@example.com");
  const listed = async () => ((await call("GET", "/v1/console/clients", { headers: admin })).data?.items as Array<{ scopes: string[] }>)[0]?.scopes;

  const path = `/v1/console/clients/${clientId}/scopes`;
  for (const role of ["viewer", "support"] as const) {
    const headers = operatorHeaders(await sessionOf(await newOperator(role)));
    expect(await call("POST", path, { headers, body: { scopes: ["profile"], reason: "not mine to change" } })).toMatchObject({ status: 403, code: 20102 });
  }
  expect(await call("POST", path, { headers: admin, body: { scopes: ["profile", "phone"], reason: "no more email" } })).toMatchObject({ status: 400, code: 10001, data: { error: "badScope", field: "scopes" } });
  expect(await call("POST", path, { headers: admin, body: { scopes: ["profile"], reason: " " } })).toMatchObject({ status: 400, data: { error: "badReason", field: "reason" } });
  expect(await call("POST", "/v1/console/clients/no-such-app/scopes", { headers: admin, body: { scopes: ["profile"], reason: "no more email" } })).toMatchObject({ status: 400, data: { error: "noSuchClient" } });
  expect(await listed()).toEqual(["email", "profile"]);

  expect(await call("POST", path, { headers: admin, body: { scopes: ["profile"], reason: "no more email" } })).toMatchObject({ status: 200, code: 0, data: { clientId, scopes: ["profile"] } });
  expect(await listed()).toEqual(["profile"]);
  const after = await authorization(config, { scope: "openid email" });
  expect((await browser.follow(after.url.href)).location?.searchParams.get("error")).toBe("invalid_scope");

  const entries = await (await getDb()).select().from(auditLog).where(eq(auditLog.action, "client.scopes")).orderBy(desc(auditLog.at));
  expect(entries[0]).toMatchObject({ outcome: "ok", reason: "no more email", targetId: clientId, detail: { scopes: ["profile"] } });
  expect(entries.filter((entry) => entry.outcome === "failed").map((entry) => (entry.detail as { why?: string }).why)).toEqual(expect.arrayContaining(["badScope", "badReason", "noSuchClient"]));
});
