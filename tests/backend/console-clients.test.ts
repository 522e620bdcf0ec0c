import { count } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { oidcClients } from "@/lib/backend/db/schema";
import { clientMetadata } from "@/lib/backend/oidc/clients";
import { call, OPEN_TIMEOUT, startBackend, stopBackend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/**
 * The console's Apps screen API (/v1/console/clients): admins only (viewer and support get 403,
 * audited as refused); every change needs a reason and is audited, never with a secret; bad
 * input is a 400 with the field's message key and changes nothing. It runs the CLI's own
 * functions (oidc/clients.ts), so the provider, which reads the table, sees each change at once.
 */
beforeAll(async () => {
  await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const CALLBACK = "https://app.example/callback";
const as = async (role: "viewer" | "support" | "admin") => operatorHeaders(await sessionOf(await newOperator(role)));

async function auditOf(action: string) {
  const reply = await call("GET", `/v1/console/audit?action=${encodeURIComponent(action)}`, { headers: await as("viewer") });
  return (reply.data?.list ?? []) as Array<{ outcome: string; reason: string | null; targetId: string | null; detail: Record<string, unknown> }>;
}

const clientCount = async () => (await (await getDb()).select({ n: count() }).from(oidcClients))[0]?.n;

test("viewer and support cannot list, register, rotate or disable apps (403, audited); without a session 401", async () => {
  const body = { name: "Sneaky", kind: "public", redirectUris: CALLBACK, reason: "trying it" };
  expect((await call("GET", "/v1/console/clients")).status).toBe(401);
  for (const role of ["viewer", "support"] as const) {
    const headers = await as(role);
    expect(await call("GET", "/v1/console/clients", { headers })).toMatchObject({ status: 403, code: 20102 });
    expect(await call("POST", "/v1/console/clients", { headers, body })).toMatchObject({ status: 403, code: 20102 });
    expect(await call("POST", "/v1/console/clients/some-id/disable", { headers, body: { reason: "trying it" } })).toMatchObject({ status: 403 });
  }
  expect(await clientCount()).toBe(0);
  const refused = await auditOf("console.refused");
  expect(refused.some((entry) => entry.detail.route === "POST /v1/console/clients" && entry.detail.role === "support")).toBe(true);
  expect(refused.some((entry) => entry.detail.route === "GET /v1/console/clients" && entry.detail.role === "viewer")).toBe(true);
});

test("an admin registers a confidential app: the secret is answered once, listed never, audited never; rotate and disable reach the provider at once", async () => {
  const headers = await as("admin");
  const created = await call("POST", "/v1/console/clients", {
    headers,
    body: { name: " Welder ", kind: "client_secret_basic", brand: "welder", redirectUris: `${CALLBACK}\r\n\n https://app.example/other \n`, postLogoutUris: "https://app.example/bye", backchannelLogoutUri: " https://app.example/backchannel ", reason: "welder goes live" },
  });
  expect(created).toMatchObject({ code: 0, data: { clientId: expect.any(String), secret: expect.any(String) } });
  const clientId = String(created.data?.clientId);
  const secret = String(created.data?.secret);
  expect((await clientMetadata(clientId))?.client_secret).toBe(secret);
  expect((await clientMetadata(clientId))?.backchannel_logout_uri).toBe("https://app.example/backchannel");

  const list = await call("GET", "/v1/console/clients", { headers });
  expect(list.data?.items).toEqual([
    expect.objectContaining({ clientId, name: "Welder", kind: "client_secret_basic", brand: "welder", redirectUris: [CALLBACK, "https://app.example/other"], postLogoutRedirectUris: ["https://app.example/bye"], backchannelLogoutUri: "https://app.example/backchannel", disabled: false }),
  ]);
  expect(JSON.stringify(list)).not.toContain(secret);

  const rotated = await call("POST", `/v1/console/clients/${clientId}/rotate-secret`, { headers, body: { reason: "secret leaked" } });
  expect(rotated).toMatchObject({ code: 0, data: { clientId, secret: expect.any(String) } });
  const fresh = String(rotated.data?.secret);
  expect(fresh).not.toBe(secret);
  expect((await clientMetadata(clientId))?.client_secret).toBe(fresh);

  expect((await call("POST", `/v1/console/clients/${clientId}/disable`, { headers, body: { reason: "app retired" } })).code).toBe(0);
  expect(await clientMetadata(clientId)).toBeUndefined();
  expect((await call("GET", "/v1/console/clients", { headers })).data?.items).toEqual([expect.objectContaining({ clientId, disabled: true })]);
  expect(await call("POST", `/v1/console/clients/${clientId}/rotate-secret`, { headers, body: { reason: "too late" } })).toMatchObject({ status: 400, data: { error: "noSuchClient" } });

  const entries = [...(await auditOf("client.create")), ...(await auditOf("client.rotate-secret")), ...(await auditOf("client.disable"))];
  expect(entries.filter((entry) => entry.outcome === "ok").map((entry) => [entry.reason, entry.targetId])).toEqual(
    expect.arrayContaining([
      ["welder goes live", clientId],
      ["secret leaked", clientId],
      ["app retired", clientId],
    ]),
  );
  expect(JSON.stringify(entries)).not.toContain(secret);
  expect(JSON.stringify(entries)).not.toContain(fresh);
});

test("bad input: 400 with the field's key, nothing registered, audited as failed", async () => {
  const headers = await as("admin");
  const before = await clientCount();
  const good = { name: "Spa", kind: "public", redirectUris: CALLBACK, reason: "new app" };
  const refusals: Array<[Record<string, unknown>, string, string | undefined]> = [
    [{ ...good, reason: undefined }, "badReason", "reason"],
    [{ ...good, reason: "  " }, "badReason", "reason"],
    [{ ...good, name: "   " }, "badClientName", "name"],
    [{ ...good, kind: "implicit" }, "badKind", "kind"],
    [{ ...good, redirectUris: "" }, "noRedirectUri", "redirectUris"],
    [{ ...good, redirectUris: "https://app.example/cb#frag" }, "badRedirectUri", "redirectUris"],
    [{ ...good, redirectUris: "http://app.example/cb" }, "badRedirectUri", "redirectUris"],
    [{ ...good, redirectUris: "javascript:alert(1)" }, "badRedirectUri", "redirectUris"],
    [{ ...good, postLogoutUris: "not a url" }, "badRedirectUri", "postLogoutUris"],
    [{ ...good, brand: "no spaces" }, "badBrand", "brand"],
    [{ ...good, backchannelLogoutUri: "http://app.example/backchannel" }, "badRedirectUri", "backchannelLogoutUri"],
    [{ ...good, backchannelLogoutUri: "com.example.app:/logout" }, "badRedirectUri", "backchannelLogoutUri"],
    [{ ...good, jwks: '{"keys":[{"kty":"EC"}]}' }, "jwksNotAllowed", "jwks"],
    [{ ...good, kind: "private_key_jwt", jwks: "not json" }, "badJwks", "jwks"],
    [{ ...good, kind: "private_key_jwt", jwks: '{"keys":[{"kty":"EC","d":"private"}]}' }, "badJwks", "jwks"],
    [{ ...good, origins: "https://brand.example/" }, "badOrigin", "origins"],
    [{ ...good, origins: "http://brand.example" }, "badOrigin", "origins"],
    [{ ...good, privacyUrl: "javascript:alert(1)" }, "badPageUrl", "privacyUrl"],
    [{ ...good, termsUrl: "not a url" }, "badPageUrl", "termsUrl"],
  ];
  for (const [body, error, field] of refusals) {
    expect([error, await call("POST", "/v1/console/clients", { headers, body })]).toEqual([error, expect.objectContaining({ status: 400, code: 10001, data: { error, field } })]);
  }
  expect(await clientCount()).toBe(before);
  expect((await auditOf("client.create")).filter((entry) => entry.outcome === "failed").map((entry) => entry.detail.why)).toEqual(expect.arrayContaining(["badReason", "badKind", "badRedirectUri", "badJwks"]));
  // a public app with a reason is registered, with no secret
  expect(await call("POST", "/v1/console/clients", { headers, body: good })).toMatchObject({ code: 0, data: { secret: null } });
  // with its FedCM origins and the links the browser's dialog shows, listed as given
  const fedcm = { ...good, name: "Brand site", origins: "https://brand.example\nhttp://127.0.0.2:8080", privacyUrl: "https://brand.example/privacy", termsUrl: "https://brand.example/terms" };
  const made = await call("POST", "/v1/console/clients", { headers, body: fedcm });
  const listed = ((await call("GET", "/v1/console/clients", { headers })).data?.items ?? []) as Array<Record<string, unknown>>;
  expect(listed.find((item) => item.clientId === made.data?.clientId)).toMatchObject({ origins: ["https://brand.example", "http://127.0.0.2:8080"], privacyUrl: "https://brand.example/privacy", termsUrl: "https://brand.example/terms" });
  expect(await call("POST", "/v1/console/clients/no-such-app/disable", { headers, body: { reason: "cleanup" } })).toMatchObject({ status: 400, data: { error: "noSuchClient" } });
});

test("native apps (RFC 8252): loopback IPs on any port, claimed https and a reverse-domain scheme, for public apps only", async () => {
  const headers = await as("admin");
  const register = (body: Record<string, unknown>) => call("POST", "/v1/console/clients", { headers, body: { name: "Camera", kind: "public", reason: "native app", ...body } });
  const accepted = await register({ native: true, redirectUris: "http://127.0.0.1/callback\nhttp://[::1]:8400/callback\nhttps://camera.example/app\ncom.example.camera:/callback" });
  expect(accepted).toMatchObject({ code: 0 });
  const listed = (await call("GET", "/v1/console/clients", { headers })).data?.items as Array<{ clientId: string; native: boolean }>;
  expect(listed.find((item) => item.clientId === accepted.data?.clientId)?.native).toBe(true);
  const before = await clientCount();
  for (const [body, error, field] of [
    [{ native: true, redirectUris: "http://localhost/callback" }, "badRedirectUri", "redirectUris"],
    [{ native: true, redirectUris: "https://127.0.0.1/callback" }, "badRedirectUri", "redirectUris"],
    [{ native: true, redirectUris: "myapp:/callback" }, "badRedirectUri", "redirectUris"],
    [{ native: true, redirectUris: "javascript:alert(1)" }, "badRedirectUri", "redirectUris"],
    [{ native: true, redirectUris: "com.example.camera:/callback#x" }, "badRedirectUri", "redirectUris"],
    [{ native: false, redirectUris: "com.example.camera:/callback" }, "badRedirectUri", "redirectUris"],
    [{ native: true, kind: "client_secret_basic", redirectUris: "com.example.camera:/callback" }, "nativeNotPublic", "kind"],
  ] as const) {
    expect([body.redirectUris, await register(body)]).toEqual([body.redirectUris, expect.objectContaining({ status: 400, data: { error, field } })]);
  }
  expect(await clientCount()).toBe(before);
});
