import { connection } from "next/server";
import { portalConfig } from "@/lib/config";

/**
 * GET /.well-known/webauthn: WebAuthn's related origins. A browser on one of the brands' sibling
 * sites (WEBAUTHN_RELATED_ORIGINS) reads this from the RP ID's site before it lets that page use
 * this site's passkeys. From configuration only; the services accept the same list as origins.
 * Served here when the RP ID is the portal's own host (the default); with a parent-domain RP ID
 * (WEBAUTHN_RP_ID) that domain's site must serve the same file (docs/security.md, "Passkeys").
 */
export async function GET() {
  // read at run time, not baked into the build
  await connection();
  return Response.json(
    { origins: portalConfig().webauthnRelatedOrigins },
    { headers: { "cache-control": "public, max-age=3600", "access-control-allow-origin": "*" } },
  );
}
