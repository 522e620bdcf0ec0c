import { CLIENT_KINDS, type ClientItem, type ClientScope, type ClientSecret } from "@/lib/contract/console/screens";
import { ClientInputError, disableClient, listClients, registerClient, rotateClientSecret, setClientScopes } from "../../oidc/clients";
import { ConsoleError, optionalText } from "./input";

/**
 * The console's Apps screen (docs/operators.md, docs/oidc.md): the same functions as
 * `npm run cli -- client:…` (oidc/clients.ts), so the CLI and the console register, rotate and
 * disable apps by one code path. What the operator typed arrives as text (one URI a line, the
 * JWKS as JSON); a refusal is an ConsoleError with the field's message key, before anything changes.
 */
export type ClientForm = {
  name?: string;
  kind?: string;
  native?: boolean;
  /** another company's app: the user is asked before it gets anything (oidc/consent.ts) */
  thirdParty?: boolean;
  brand?: string;
  redirectUris?: string;
  postLogoutUris?: string;
  backchannelLogoutUri?: string;
  /** FedCM (docs/fedcm.md): the brand sites' origins, one a line, and the app's privacy and terms links */
  origins?: string;
  privacyUrl?: string;
  termsUrl?: string;
  jwks?: string;
  /** what the app may ask for besides openid (CLIENT_SCOPES); left out: all of them */
  scopes?: string[];
};

const URIS_MAX = 50_000;
const JWKS_MAX = 20_000;

function lines(value: unknown, field: string): string[] {
  const text = optionalText(value, URIS_MAX, field);
  return text === null ? [] : text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
}

function jwksOf(value: unknown): unknown {
  const text = optionalText(value, JWKS_MAX, "jwks");
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ConsoleError("badJwks", 400, "jwks");
  }
}

/** The oidc/clients refusal as the console's: the same key, on the same field. */
async function asOps<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ClientInputError) throw new ConsoleError(error.key, error.key === "noSuchClient" ? 404 : 400, error.field);
    throw error;
  }
}

export async function listConsoleClients(): Promise<ClientItem[]> {
  return (await listClients()).map((client) => ({ ...client, createdAt: client.createdAt.toISOString() }));
}

export async function registerConsoleClient(form: ClientForm): Promise<ClientSecret> {
  const kind = CLIENT_KINDS.find((candidate) => candidate === form.kind);
  if (!kind) throw new ConsoleError("badKind", 400, "kind");
  const name = optionalText(form.name, 200, "name") ?? "";
  const input = { name, kind, native: form.native === true, firstParty: form.thirdParty !== true, brand: optionalText(form.brand, 200, "brand"), redirectUris: lines(form.redirectUris, "redirectUris"), postLogoutRedirectUris: lines(form.postLogoutUris, "postLogoutUris"), backchannelLogoutUri: optionalText(form.backchannelLogoutUri, 2_000, "backchannelLogoutUri")?.trim() || undefined, origins: lines(form.origins, "origins"), privacyUrl: optionalText(form.privacyUrl, 2_000, "privacyUrl")?.trim() || undefined, termsUrl: optionalText(form.termsUrl, 2_000, "termsUrl")?.trim() || undefined, jwks: jwksOf(form.jwks), scopes: form.scopes };
  return asOps(() => registerClient(input));
}

function clientIdOf(value: unknown): string {
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(value)) throw new ConsoleError("noSuchClient", 404);
  return value;
}

export async function rotateConsoleClientSecret(clientId: unknown): Promise<ClientSecret> {
  const id = clientIdOf(clientId);
  return { clientId: id, secret: await asOps(() => rotateClientSecret(id)) };
}

export async function disableConsoleClient(clientId: unknown): Promise<void> {
  const id = clientIdOf(clientId);
  await asOps(() => disableClient(id));
}

/**
 * What an app may ask for besides openid, chosen again (the CLI's client:scopes). An unknown
 * name refuses the whole change on the scopes field; the provider enforces the new set on its
 * next request.
 */
export async function setConsoleClientScopes(clientId: unknown, scopes: readonly string[]): Promise<{ clientId: string; scopes: ClientScope[] }> {
  const id = clientIdOf(clientId);
  return { clientId: id, scopes: await asOps(() => setClientScopes(id, scopes)) };
}
