import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AdapterPayload } from "oidc-provider";
import { z } from "zod";
import { CLIENT_SCOPES, type ClientScope, type ConsoleErrorKey } from "@/lib/contract/console/screens";
import { now } from "../clock";
import { randomToken } from "../crypto";
import { getDb, preparedOnce } from "../db/client";
import { oidcClients } from "../db/schema";
import { seal, unseal } from "./seal";
import { redirectUriProblem } from "./redirect-uris";
import { fedcmFactsOf, fedcmMetadataOf } from "./fedcm/client-facts";

/**
 * Apps registered with the OpenID Provider, in oidc_clients: what the operator commands and the
 * console's Apps screen (services/console/clients.ts) create, list, rotate and disable, and what the provider's Client model
 * reads on every request (adapter.ts), so every instance sees a change at once.
 *
 * Kinds: a public app (a single-page or native app: no secret, PKCE S256 required) or a
 * confidential one (a server: client_secret_basic with a secret shown once, or private_key_jwt
 * with the app's public keys). Every client uses the authorization code flow; what it may ask for
 * besides openid is chosen per app (CLIENT_SCOPES), kept as its `scope` metadata, which the
 * provider enforces (invalid_scope), and only an app allowed offline_access may refresh.
 */
export type ClientKind = "public" | "client_secret_basic" | "private_key_jwt";

/** A refusal of the input: the CLI prints the message; the console shows the translated `key` on `field`. */
export class ClientInputError extends Error {
  override readonly name = "ClientInputError";
  constructor(
    message: string,
    readonly key: ConsoleErrorKey,
    readonly field?: string,
  ) {
    super(message);
  }
}

export type ClientInput = {
  name: string;
  kind: ClientKind;
  redirectUris: readonly string[];
  postLogoutRedirectUris?: readonly string[];
  /** the brand the portal's sign-in page shows (launch context `p`) */
  brand?: string | null;
  firstParty?: boolean;
  /** private_key_jwt: the app's public keys as a JWKS */
  jwks?: unknown;
  /** a native app (RFC 8252; public only): loopback on any port, claimed https, a reverse-domain scheme */
  native?: boolean;
  idTokenAlg?: "ES256" | "RS256";
  /** where the provider POSTs a logout token when the user's session ends (OpenID Back-Channel Logout) */
  backchannelLogoutUri?: string;
  /** the brand sites that may sign in with FedCM (docs/fedcm.md); none: the redirect URIs' origins */
  origins?: readonly string[];
  /** the app's privacy policy and terms, which the browser's FedCM dialog links to */
  privacyUrl?: string;
  termsUrl?: string;
  /** the scopes it may ask for besides openid; none given: all of CLIENT_SCOPES */
  scopes?: readonly string[];
};

export type ClientSummary = {
  clientId: string;
  name: string;
  kind: ClientKind;
  brand: string | null;
  firstParty: boolean;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  origins: string[];
  privacyUrl: string | null;
  termsUrl: string | null;
  native: boolean;
  scopes: ClientScope[];
  disabled: boolean;
  createdAt: Date;
};

const publicJwks = z.object({
  keys: z
    .array(z.looseObject({ kty: z.string() }).refine((key) => !("d" in key), { message: "a private key" }))
    .min(1)
    .max(10),
});

const BRAND = /^[A-Za-z0-9._-]{1,64}$/;

function uris(list: readonly string[] | undefined, what: string, required: boolean, field: string, native: boolean): string[] {
  const values = [...new Set((list ?? []).map((uri) => uri.trim()))];
  if (required && values.length === 0) throw new ClientInputError(`Give at least one ${what}.`, "noRedirectUri", field);
  if (values.length > 20) throw new ClientInputError(`At most 20 ${what}s.`, "tooManyUris", field);
  for (const uri of values) {
    const problem = redirectUriProblem(uri, native);
    if (problem) throw new ClientInputError(`${what} ${JSON.stringify(uri)}: ${problem}`, "badRedirectUri", field);
  }
  return values;
}

const isClientScope = (value: string): value is ClientScope => (CLIENT_SCOPES as readonly string[]).includes(value);

/** The allowed scopes, checked: known names only (openid, always there, may be named too). */
function scopesOf(list: readonly string[] | undefined): ClientScope[] {
  if (list === undefined) return [...CLIENT_SCOPES];
  const names = [...new Set(list.flatMap((item) => item.split(/[\s,]+/)).filter((name) => name !== "" && name !== "openid"))];
  const unknown = names.find((name) => !isClientScope(name));
  if (unknown !== undefined) throw new ClientInputError(`Unknown scope ${JSON.stringify(unknown.slice(0, 100))}: the scopes are ${CLIENT_SCOPES.join(", ")} (openid always).`, "badScope", "scopes");
  return CLIENT_SCOPES.filter((scope) => names.includes(scope));
}

/** The provider's metadata for the allowed scopes: `scope`, and the refresh grant only with offline_access. */
function scopeMetadata(scopes: readonly ClientScope[]): { scope: string; grant_types: string[] } {
  return { scope: ["openid", ...scopes].join(" "), grant_types: scopes.includes("offline_access") ? ["authorization_code", "refresh_token"] : ["authorization_code"] };
}

/** What a stored client may ask for: its `scope` metadata, or everything for an app registered before scopes were chosen. */
function scopesOfMetadata(metadata: Record<string, unknown>): ClientScope[] {
  if (typeof metadata.scope !== "string") return [...CLIENT_SCOPES];
  return metadata.scope.split(" ").filter(isClientScope);
}

function metadataOf(input: ClientInput): Record<string, unknown> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) throw new ClientInputError("The name must be 1–100 characters.", "badClientName", "name");
  const native = input.native ?? false;
  if (native && input.kind !== "public") throw new ClientInputError("A native app is a public client (--kind public).", "nativeNotPublic", "kind");
  const metadata: Record<string, unknown> = {
    client_name: name,
    application_type: native ? "native" : "web",
    redirect_uris: uris(input.redirectUris, "redirect URI", true, "redirectUris", native),
    post_logout_redirect_uris: uris(input.postLogoutRedirectUris, "post-logout redirect URI", false, "postLogoutUris", native),
    ...scopeMetadata(scopesOf(input.scopes)),
    response_types: ["code"],
    token_endpoint_auth_method: input.kind === "public" ? "none" : input.kind,
    id_token_signed_response_alg: input.idTokenAlg ?? "ES256",
  };
  if (input.backchannelLogoutUri !== undefined) {
    // a server of the app receives it: never a native app's scheme or any-port loopback
    const [uri = ""] = uris([input.backchannelLogoutUri], "back-channel logout URI", true, "backchannelLogoutUri", false);
    metadata.backchannel_logout_uri = uri;
    // every logout token names the session (sid), so the app can end just that one
    metadata.backchannel_logout_session_required = true;
  }
  Object.assign(
    metadata,
    fedcmMetadataOf(input, (message, key, field) => {
      throw new ClientInputError(message, key, field);
    }),
  );
  if (input.kind === "private_key_jwt") {
    const jwks = publicJwks.safeParse(input.jwks);
    if (!jwks.success) throw new ClientInputError("private_key_jwt needs the app's public keys as a JWKS ({\"keys\":[…]}, no private key).", "badJwks", "jwks");
    metadata.jwks = jwks.data;
    metadata.token_endpoint_auth_signing_alg = "ES256";
  } else if (input.jwks !== undefined) {
    throw new ClientInputError("Public keys are only for private_key_jwt clients.", "jwksNotAllowed", "jwks");
  }
  return metadata;
}

function kindOf(metadata: Record<string, unknown>): ClientKind {
  const method = metadata.token_endpoint_auth_method;
  return method === "client_secret_basic" || method === "private_key_jwt" ? method : "public";
}

/**
 * A new client id: 128 random bits in lowercase hex. Never base64url: one id in 32 would begin
 * with '-' or '_', and one beginning with '-' reads as an option to \`npm run admin -- client:…\`.
 */
export function newClientId(): string {
  return randomBytes(16).toString("hex");
}

/** A new client; its secret (client_secret_basic only) is returned this once and kept sealed. */
export async function registerClient(input: ClientInput): Promise<{ clientId: string; secret: string | null }> {
  const metadata = metadataOf(input);
  const brand = input.brand?.trim() || null;
  if (brand !== null && !BRAND.test(brand)) throw new ClientInputError("The brand must be 1–64 letters, digits, '.', '_' or '-'.", "badBrand", "brand");
  const clientId = newClientId();
  const secret = input.kind === "client_secret_basic" ? randomToken(32) : null;
  const at = now();
  const db = await getDb();
  await db.insert(oidcClients).values({
    clientId,
    name: String(metadata.client_name),
    brand,
    firstParty: input.firstParty ?? true,
    metadata,
    secretSealed: secret === null ? null : await seal("oidc-client-secret", clientId, secret),
    createdAt: at,
    updatedAt: at,
  });
  return { clientId, secret };
}

export async function listClients(): Promise<ClientSummary[]> {
  const db = await getDb();
  const rows = await db.select().from(oidcClients).orderBy(asc(oidcClients.createdAt), asc(oidcClients.clientId));
  return rows.map((row) => {
    const metadata = row.metadata as Record<string, unknown>;
    const list = (key: string) => (Array.isArray(metadata[key]) ? metadata[key].map(String) : []);
    return {
      clientId: row.clientId,
      name: row.name,
      kind: kindOf(metadata),
      brand: row.brand,
      firstParty: row.firstParty,
      redirectUris: list("redirect_uris"),
      postLogoutRedirectUris: list("post_logout_redirect_uris"),
      backchannelLogoutUri: typeof metadata.backchannel_logout_uri === "string" ? metadata.backchannel_logout_uri : null,
      ...fedcmFactsOf(metadata),
      native: metadata.application_type === "native",
      scopes: scopesOfMetadata(metadata),
      disabled: row.disabledAt !== null,
      createdAt: row.createdAt,
    };
  });
}

async function liveClient(clientId: string) {
  const db = await getDb();
  const [row] = await db.select().from(oidcClients).where(eq(oidcClients.clientId, clientId)).limit(1);
  return row && row.disabledAt === null ? row : null;
}

/** A new secret for a client_secret_basic client; the old one stops working at once. */
export async function rotateClientSecret(clientId: string): Promise<string> {
  const row = await liveClient(clientId);
  if (!row) throw new ClientInputError(`No enabled client ${JSON.stringify(clientId)} (see client:list).`, "noSuchClient");
  if (kindOf(row.metadata as Record<string, unknown>) !== "client_secret_basic") throw new ClientInputError("Only a client_secret_basic client has a secret.", "noClientSecret");
  const secret = randomToken(32);
  const db = await getDb();
  await db.update(oidcClients).set({ secretSealed: await seal("oidc-client-secret", clientId, secret), updatedAt: now() }).where(eq(oidcClients.clientId, clientId));
  return secret;
}

/**
 * A new choice of scopes for an app. The provider reads it on the next request: a sign-in asking
 * for a scope no longer allowed is refused, and without offline_access its refresh tokens are
 * refused (unauthorized_client). Returns the scopes now allowed.
 */
export async function setClientScopes(clientId: string, scopes: readonly string[]): Promise<ClientScope[]> {
  const allowed = scopesOf(scopes);
  const row = await liveClient(clientId);
  if (!row) throw new ClientInputError(`No enabled client ${JSON.stringify(clientId)} (see client:list).`, "noSuchClient");
  const metadata = { ...(row.metadata as Record<string, unknown>), ...scopeMetadata(allowed) };
  const db = await getDb();
  await db.update(oidcClients).set({ metadata, updatedAt: now() }).where(eq(oidcClients.clientId, clientId));
  return allowed;
}

/** Disabled: the provider no longer knows the client, so its tokens and sign-ins are refused. */
export async function disableClient(clientId: string): Promise<void> {
  const row = await liveClient(clientId);
  if (!row) throw new ClientInputError(`No enabled client ${JSON.stringify(clientId)} (see client:list).`, "noSuchClient");
  const db = await getDb();
  await db.update(oidcClients).set({ disabledAt: now(), updatedAt: now() }).where(eq(oidcClients.clientId, clientId));
}

/** The provider reads the client on every request (every instance sees a change at once): built once. */
const providerClient = preparedOnce((db) =>
  db
    .select({ metadata: oidcClients.metadata, secretSealed: oidcClients.secretSealed })
    .from(oidcClients)
    .where(and(eq(oidcClients.clientId, sql.placeholder("clientId")), isNull(oidcClients.disabledAt)))
    .limit(1)
    .prepare("oidc_client"),
);

/** What the provider reads of an enabled client (its registered metadata, and the secret to compare). */
export async function clientMetadata(clientId: string): Promise<AdapterPayload | undefined> {
  if (clientId.length > 100) return undefined;
  const [row] = await providerClient(await getDb()).execute({ clientId });
  if (!row) return undefined;
  const secret = row.secretSealed === null ? null : await unseal("oidc-client-secret", clientId, row.secretSealed);
  // a secret sealed under another key (CODE_SECRET changed) matches nothing: the client must rotate it
  if (row.secretSealed !== null && secret === null) return undefined;
  return { ...(row.metadata as AdapterPayload), client_id: clientId, ...(secret === null ? {} : { client_secret: secret }) };
}

/** The portal-side facts of a client the provider's pages need (consent, the sign-in page's brand). */
export async function clientPolicy(clientId: string): Promise<{ name: string; firstParty: boolean; brand: string | null } | null> {
  const row = await liveClient(clientId);
  return row ? { name: row.name, firstParty: row.firstParty, brand: row.brand } : null;
}
