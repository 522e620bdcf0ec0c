import { getDb } from "@/lib/backend/db/client";
import { oidcSigningKeys } from "@/lib/backend/db/schema";
import { loadSigningKeys } from "@/lib/backend/oidc/signing-keys";

import { providerPerTest } from "./support/oidc";

/**
 * Discovery and JWKS as the conformance suite's Config plan reads them: the issuer is the portal's
 * configured public origin whatever Host a caller sends, every endpoint is under /oidc on it, and
 * the document says what the provider does (code flow, S256, iss in the authorization response,
 * no request objects). The signing keys (ES256, RS256) are published without their private parts,
 * kept sealed in the database, and the same for every instance.
 */
const server = providerPerTest();

type Json = Record<string, unknown>;

async function getJson(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${server.origin}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as Json };
}

test("the discovery document names the configured origin as issuer and says what the provider does", async () => {
  const origin = server.origin;
  const { status, body } = await getJson("/.well-known/openid-configuration", { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
  expect(status).toBe(200);
  expect(body).toMatchObject({
    issuer: origin,
    authorization_endpoint: `${origin}/oidc/auth`,
    token_endpoint: `${origin}/oidc/token`,
    userinfo_endpoint: `${origin}/oidc/me`,
    jwks_uri: `${origin}/oidc/jwks`,
    end_session_endpoint: `${origin}/oidc/session/end`,
    revocation_endpoint: `${origin}/oidc/token/revocation`,
    introspection_endpoint: `${origin}/oidc/token/introspection`,
    response_types_supported: ["code"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    request_parameter_supported: false,
    subject_types_supported: ["public"],
  });
  expect(body.grant_types_supported).toEqual(expect.arrayContaining(["authorization_code", "refresh_token"]));
  expect(body.grant_types_supported).not.toContain("implicit");
  expect(body.token_endpoint_auth_methods_supported).toEqual(["none", "client_secret_basic", "private_key_jwt"]);
  expect(body.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(["ES256", "RS256"]));
  expect(body.scopes_supported).toEqual(expect.arrayContaining(["openid", "offline_access", "email", "profile"]));
  expect(body.claims_supported).toEqual(expect.arrayContaining(["sub", "email", "email_verified", "name", "picture"]));
  // what is not built is not announced
  expect(body.dpop_signing_alg_values_supported).toEqual(expect.arrayContaining(["ES256"]));
  for (const absent of ["registration_endpoint", "pushed_authorization_request_endpoint", "device_authorization_endpoint"]) {
    expect(body).not.toHaveProperty(absent);
  }
  expect(JSON.stringify(body)).not.toContain("evil.example");
});

test("the JWKS publishes one ES256 and one RS256 key without private parts; another instance loads the same sealed keys", async () => {
  const { status, body } = await getJson("/oidc/jwks");
  expect(status).toBe(200);
  const keys = body.keys as Json[];
  expect(keys.map((key) => [key.kty, key.alg, key.use])).toEqual(expect.arrayContaining([["EC", "ES256", "sig"], ["RSA", "RS256", "sig"]]));
  expect(keys).toHaveLength(2);
  for (const key of keys) for (const secret of ["d", "p", "q", "dp", "dq", "qi"]) expect(key).not.toHaveProperty(secret);

  const db = await getDb();
  const rows = await db.select().from(oidcSigningKeys);
  expect(rows.map((row) => row.kid).sort()).toEqual(keys.map((key) => String(key.kid)).sort());
  for (const row of rows) {
    expect(row.privateJwkSealed).toMatch(/^v1\./);
    expect(row.privateJwkSealed).not.toContain('"d"');
  }
  const again = await loadSigningKeys(db);
  expect(again.keys.map((key) => key.kid).sort()).toEqual(rows.map((row) => row.kid).sort());
});

test("a path of the provider that does not exist is a 404, not the portal", async () => {
  const response = await fetch(`${server.origin}/oidc/no-such-endpoint`);
  expect(response.status).toBe(404);
  expect(await response.text()).not.toContain("not a provider path");
});
