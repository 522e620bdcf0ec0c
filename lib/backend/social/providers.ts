import * as oidc from "openid-client";
import { getConfig } from "../config";
import { ErrorCode, ServiceError } from "../errors";
import { log } from "../log";
import { reasonOf } from "./reason";
import { singleton } from "../singleton";
import { appleClientSecret } from "./apple-secret";
import { isConfigured, type ProviderSettings } from "./settings";

/**
 * The OpenID Connect client of each provider (openid-client): its metadata by discovery from the
 * issuer, kept an hour; a Configuration per use with the client's authentication (Apple's
 * client secret is a fresh JWT). Plain http is allowed only for an issuer on loopback (tests
 * and local providers); everything else must be https, as openid-client insists.
 */
const METADATA_TTL_MS = 60 * 60 * 1000;
const TIMEOUT_SECONDS = 10;

export type ProviderClient = { settings: ProviderSettings & { issuer: string; clientId: string }; config: oidc.Configuration };

type CachedMetadata = { metadata: oidc.ServerMetadata; at: number; jwks?: ReturnType<typeof oidc.getJwksCache> };

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

function cache(): Map<string, CachedMetadata> {
  return singleton("socialProviderMetadata", () => new Map<string, CachedMetadata>());
}

async function discover(settings: ProviderClient["settings"]): Promise<CachedMetadata> {
  const key = `${settings.issuer}|${settings.clientId}`;
  const hit = cache().get(key);
  if (hit && Date.now() - hit.at < METADATA_TTL_MS) return hit;
  const issuer = new URL(settings.issuer);
  try {
    const config = await oidc.discovery(issuer, settings.clientId, undefined, oidc.None(), {
      execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: TIMEOUT_SECONDS,
    });
    const entry: CachedMetadata = { metadata: config.serverMetadata(), at: Date.now() };
    cache().set(key, entry);
    return entry;
  } catch (error) {
    log().warn({ channel: settings.channel, err: reasonOf(error) }, "social provider discovery failed");
    throw new ServiceError(ErrorCode.socialUnavailable);
  }
}

async function clientAuth(settings: ProviderClient["settings"], metadata: oidc.ServerMetadata): Promise<oidc.ClientAuth> {
  if (settings.appleKey) {
    return oidc.ClientSecretPost(await appleClientSecret(settings.appleKey, { clientId: settings.clientId, audience: metadata.issuer }));
  }
  return oidc.ClientSecretPost(settings.clientSecret ?? undefined);
}

/** A configured provider of SOCIAL_PROVIDERS, ready for one sign-in; otherwise 20308. */
export async function providerClient(channel: string): Promise<ProviderClient> {
  const config = getConfig();
  const settings = config.social.providers[channel];
  if (!config.socialProviders.includes(channel) || !isConfigured(settings)) throw new ServiceError(ErrorCode.socialUnavailable);
  const entry = await discover(settings);
  const client = new oidc.Configuration(entry.metadata, settings.clientId, undefined, await clientAuth(settings, entry.metadata));
  if (isLoopbackHttp(new URL(settings.issuer))) oidc.allowInsecureRequests(client);
  client.timeout = TIMEOUT_SECONDS;
  // the provider's keys are fetched once and shared by every use of its metadata
  if (entry.jwks) oidc.setJwksCache(client, entry.jwks);
  return { settings, config: client };
}

/** Keep the keys a use fetched for the next one. */
export function keepProviderKeys(client: ProviderClient): void {
  const entry = cache().get(`${client.settings.issuer}|${client.settings.clientId}`);
  const jwks = oidc.getJwksCache(client.config);
  if (entry && jwks) entry.jwks = jwks;
}

/** The client ids a token may have been issued to: the web client and the native apps'. */
export function acceptedClientIds(client: ProviderClient): string[] {
  return [client.settings.clientId, ...client.settings.nativeClientIds];
}

/** Forget discovered metadata (tests that restart a provider). */
export function forgetProviderMetadata(): void {
  cache().clear();
}
