import { relatedOriginsProblem } from "@/lib/contract/related-origins";

/**
 * The passkeys' relying party, from configuration only (never from a request's Host):
 * - the RP ID: WEBAUTHN_RP_ID, else the host of PUBLIC_ORIGIN, else `localhost` for local use
 *   (an IP address such as 127.0.0.1 cannot be an RP ID: browsers refuse it);
 * - the origins an answer may come from: PUBLIC_ORIGIN (or http://localhost:PORT for local use)
 *   plus WEBAUTHN_RELATED_ORIGINS, the brands' sibling sites, which browsers accept for this RP
 *   ID once /.well-known/webauthn on the RP ID's site lists them (WebAuthn related origins).
 */
export type WebAuthnSettings = {
  rpId: string;
  /** the name authenticators show beside the account */
  rpName: string;
  /** PUBLIC_ORIGIN (or the local origin) first, then the related origins */
  origins: readonly string[];
  /** the related origins alone, as /.well-known/webauthn lists them */
  relatedOrigins: readonly string[];
  /**
   * the pages that may frame a passkey ceremony (a cross-origin frame's answer names its top
   * origin): the hosts allowed to embed the portal (EMBED_ALLOWED_ORIGINS) and the origins above
   */
  topOrigins: readonly string[];
};

type Input = { rpId: string | null; rpName: string | null; relatedOrigins: readonly string[]; embedOrigins: readonly string[]; publicOrigin: string | null; port: number };

/** `host` is `rpId` or one of its subdomains (WebAuthn's rule for an origin of an RP ID). */
export function hostBelongsTo(host: string, rpId: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`);
}

export function webAuthnSettings(input: Input): { ok: true; settings: WebAuthnSettings } | { ok: false; message: string } {
  const own = input.publicOrigin ?? `http://localhost:${input.port}`;
  const ownHost = new URL(own).hostname;
  const rpId = input.rpId ?? ownHost;
  if (!hostBelongsTo(ownHost, rpId)) return { ok: false, message: "WEBAUTHN_RP_ID: expected the host of PUBLIC_ORIGIN or a parent domain of it" };
  const related = originsOf(input.relatedOrigins);
  // the portal checks EMBED_ALLOWED_ORIGINS itself (lib/config.ts): here an entry that is not an origin is left out
  const embedders = input.embedOrigins.flatMap((entry) => originsOf([entry]) ?? []);
  if (!related) return { ok: false, message: "WEBAUTHN_RELATED_ORIGINS: expected comma-separated origins such as https://brand.example" };
  const tooMany = relatedOriginsProblem(related);
  if (tooMany) return { ok: false, message: tooMany };
  const origins = [...new Set([new URL(own).origin, ...related])];
  return {
    ok: true,
    settings: { rpId, rpName: input.rpName ?? "Passport", origins, relatedOrigins: related, topOrigins: [...new Set([...origins, ...embedders])] },
  };
}

/** Origins as written (scheme, host, port; no path), or null when one is not. */
function originsOf(entries: readonly string[]): string[] | null {
  const origins: string[] = [];
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/+$/, "")) return null;
    origins.push(url.origin);
  }
  return origins;
}
