import type { ConsoleErrorKey } from "@/lib/contract/console/screens";

/**
 * What FedCM needs of a registered app (issue 34 item 4), kept in the client's stored metadata
 * beside its redirect URIs: the origins of the brand sites that may call the browser's FedCM API
 * for it (`fedcm_origins`; none registered: the origins of its web redirect URIs), and its privacy
 * policy and terms (`policy_uri`, `tos_uri`, the standard client metadata names, RFC 7591), which
 * the browser's dialog links to. oidc-provider reads only the metadata it knows, so the origins
 * list never reaches it.
 */
export type FedcmInput = { origins?: readonly string[]; privacyUrl?: string; termsUrl?: string };
export type FedcmFacts = { origins: string[]; privacyUrl: string | null; termsUrl: string | null };
type Fail = (message: string, key: ConsoleErrorKey, field: string) => never;

// https anywhere; http only on this machine (a brand's development site)
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

function webUrl(value: string): URL | null {
  if (value.length > 2000) return null;
  try {
    const url = new URL(value);
    if (url.username || url.password) return null;
    if (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOST.test(url.hostname))) return url;
    return null;
  } catch {
    return null;
  }
}

/** A site's origin exactly as a browser sends it (scheme, host, port; no path or slash), or null. */
export function originOf(value: string): string | null {
  const url = webUrl(value);
  return url && url.origin === value ? url.origin : null;
}

export function fedcmMetadataOf(input: FedcmInput, fail: Fail): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  const origins = [...new Set((input.origins ?? []).map((origin) => origin.trim()).filter((origin) => origin !== ""))];
  if (origins.length > 20) fail("At most 20 origins.", "tooManyUris", "origins");
  for (const origin of origins) {
    if (!originOf(origin)) fail(`origin ${JSON.stringify(origin)}: an https origin such as https://brand.example (http only on this machine), no path`, "badOrigin", "origins");
  }
  if (origins.length > 0) metadata.fedcm_origins = origins;
  for (const [value, key, field] of [
    [input.privacyUrl, "policy_uri", "privacyUrl"],
    [input.termsUrl, "tos_uri", "termsUrl"],
  ] as const) {
    const url = value?.trim();
    if (!url) continue;
    if (!webUrl(url)) fail(`${field} ${JSON.stringify(url)}: an absolute https address`, "badPageUrl", field);
    metadata[key] = url;
  }
  return metadata;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

export function fedcmFactsOf(metadata: Record<string, unknown>): FedcmFacts {
  return {
    origins: strings(metadata.fedcm_origins),
    privacyUrl: typeof metadata.policy_uri === "string" ? metadata.policy_uri : null,
    termsUrl: typeof metadata.tos_uri === "string" ? metadata.tos_uri : null,
  };
}

/** The origins that may ask for this app: the registered ones, else those of its web redirect URIs. */
export function allowedOrigins(metadata: Record<string, unknown>): Set<string> {
  const registered = strings(metadata.fedcm_origins);
  if (registered.length > 0) return new Set(registered);
  if (metadata.application_type === "native") return new Set();
  return new Set(strings(metadata.redirect_uris).flatMap((uri) => webUrl(uri)?.origin ?? []));
}
