import { getDomainWithoutSuffix } from "tldts";

/**
 * WebAuthn related origins (WebAuthn Level 3, "related origins validation procedure"): a browser
 * reads the RP ID's /.well-known/webauthn and walks its origins, counting each one's registrable
 * label (`brand` for https://shop.brand.co.uk: the registrable domain's first label, by the public
 * suffix list). Browsers guarantee only five labels; an origin whose label comes after the fifth
 * is skipped, so its page would silently lose the passkeys. Origins without a registrable domain
 * (localhost, IP addresses) are skipped by browsers and are not counted here either.
 */
export const MAX_RELATED_ORIGIN_LABELS = 5;

/** The distinct registrable labels of the origins, in the order a browser meets them. */
export function relatedOriginLabels(origins: readonly string[]): string[] {
  const labels: string[] = [];
  for (const origin of origins) {
    const label = getDomainWithoutSuffix(new URL(origin).hostname);
    if (label && !labels.includes(label)) labels.push(label);
  }
  return labels;
}

/** null when browsers honour every origin; else the configuration error, naming the labels. */
export function relatedOriginsProblem(origins: readonly string[]): string | null {
  const labels = relatedOriginLabels(origins);
  if (labels.length <= MAX_RELATED_ORIGIN_LABELS) return null;
  return (
    `WEBAUTHN_RELATED_ORIGINS: ${labels.length} site names (${labels.join(", ")}), but browsers honour only ` +
    `${MAX_RELATED_ORIGIN_LABELS}: the origins of the sites after the fifth would lose their passkeys. ` +
    `List at most ${MAX_RELATED_ORIGIN_LABELS}; the other brands sign in through the embed or the OpenID Provider (docs/security.md, "Passkeys").`
  );
}
