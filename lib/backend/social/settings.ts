import { z } from "zod";

/**
 * Social sign-in settings, read from the environment per provider of SOCIAL_PROVIDERS
 * (`SOCIAL_<NAME>_…`, the name upper-cased with `-` as `_`). Every provider is an OpenID Connect
 * issuer found by discovery; Google, Facebook and Apple default to the real ones. A provider
 * without a client id (and a secret, or Apple's signing key) is listed but not available.
 */
export type ResponseMode = "query" | "form_post";

export type AppleKey = { teamId: string; keyId: string; privateKey: string };

export type ProviderSettings = {
  channel: string;
  issuer: string | null;
  clientId: string | null;
  clientSecret: string | null;
  scopes: string;
  responseMode: ResponseMode;
  /** further client ids whose tokens native apps may bring (login-with-accesstoken) */
  nativeClientIds: readonly string[];
  /** Apple's client secret is a JWT signed with this key (team id, key id, PKCS#8 PEM) */
  appleKey: AppleKey | null;
};

export type SocialSettings = {
  providers: Readonly<Record<string, ProviderSettings>>;
  /** the portal's callback addresses `uri` may be; null: the portal's public origin + /{en,zh}/authcb */
  callbackUrls: readonly string[] | null;
  /** the services' address as browsers reach them (the provider's redirect URI); null: PUBLIC_ORIGIN or local use */
  servicesPublicUrl: string | null;
  /** the portal's public origin (PUBLIC_ORIGIN), null for local use */
  publicOrigin: string | null;
  /** the port of local use (PORT) */
  port: number;
};

const DEFAULTS: Record<string, { issuer: string; scopes: string; responseMode: ResponseMode }> = {
  google: { issuer: "https://accounts.google.com", scopes: "openid email profile", responseMode: "query" },
  facebook: { issuer: "https://www.facebook.com", scopes: "openid email public_profile", responseMode: "query" },
  apple: { issuer: "https://appleid.apple.com", scopes: "openid email name", responseMode: "form_post" },
};

type Source = Readonly<Record<string, string | undefined>>;

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const text = z.preprocess(blank, z.string().trim().optional());
const httpUrl = z.preprocess(blank, z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional());
const urlList = z.preprocess(
  (value) => (typeof blank(value) === "string" ? String(value).split(",").map((item) => item.trim()).filter(Boolean) : undefined),
  z.array(z.url({ protocol: /^https?$/, error: "expected comma-separated http(s) URLs" })).optional(),
);
const mode = z.preprocess(blank, z.enum(["query", "form_post"], { error: "expected query or form_post" }).optional());
const port = z.preprocess(blank, z.coerce.number({ error: "expected a port number" }).int().min(1).max(65535).default(3000));

export function envPrefix(channel: string): string {
  return `SOCIAL_${channel.toUpperCase().replace(/-/g, "_")}_`;
}

/** One variable through its schema; a bad value → the variable's name and what was expected. */
function read<T>(source: Source, name: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(source[name]);
  if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

/** PEM keys often arrive on one line with literal \n. */
function pem(value: string | undefined): string | undefined {
  return value?.replace(/\\n/g, "\n");
}

function provider(source: Source, channel: string): ProviderSettings {
  const prefix = envPrefix(channel);
  const fallback = DEFAULTS[channel];
  const teamId = read(source, `${prefix}TEAM_ID`, text);
  const keyId = read(source, `${prefix}KEY_ID`, text);
  const privateKey = pem(read(source, `${prefix}PRIVATE_KEY`, text));
  if ((teamId || keyId || privateKey) && !(teamId && keyId && privateKey)) {
    throw new Error(`${prefix}TEAM_ID, ${prefix}KEY_ID and ${prefix}PRIVATE_KEY must be set together`);
  }
  return {
    channel,
    issuer: read(source, `${prefix}ISSUER`, httpUrl) ?? fallback?.issuer ?? null,
    clientId: read(source, `${prefix}CLIENT_ID`, text) ?? null,
    clientSecret: read(source, `${prefix}CLIENT_SECRET`, text) ?? null,
    scopes: read(source, `${prefix}SCOPES`, text) ?? fallback?.scopes ?? "openid email profile",
    responseMode: read(source, `${prefix}RESPONSE_MODE`, mode) ?? fallback?.responseMode ?? "query",
    nativeClientIds: (read(source, `${prefix}NATIVE_CLIENT_IDS`, text) ?? "").split(",").map((id) => id.trim()).filter(Boolean),
    appleKey: teamId && keyId && privateKey ? { teamId, keyId, privateKey } : null,
  };
}

/** The settings, or the one-line message of the first bad variable. */
export function readSocialSettings(source: Source, channels: readonly string[]): { ok: true; settings: SocialSettings } | { ok: false; message: string } {
  try {
    const publicOrigin = read(source, "PUBLIC_ORIGIN", httpUrl);
    return {
      ok: true,
      settings: {
        providers: Object.fromEntries(channels.map((channel) => [channel, provider(source, channel)])),
        callbackUrls: read(source, "SOCIAL_CALLBACK_URLS", urlList) ?? null,
        servicesPublicUrl: read(source, "SERVICES_PUBLIC_URL", httpUrl)?.replace(/\/+$/, "") ?? null,
        publicOrigin: publicOrigin ? new URL(publicOrigin).origin : null,
        port: read(source, "PORT", port),
      },
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "invalid social settings" };
  }
}

/** A provider that can run a sign-in: an issuer, a client id, and a secret or Apple's key. */
export function isConfigured(settings: ProviderSettings | undefined): settings is ProviderSettings & { issuer: string; clientId: string } {
  return Boolean(settings?.issuer && settings.clientId && (settings.clientSecret || settings.appleKey));
}
