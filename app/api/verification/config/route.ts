import type { NextRequest } from "next/server";
import { apiRoute } from "@/lib/session/api-route";
import { getVerificationConfig } from "@/lib/upstream/verification";

/**
 * GET /api/verification/config: which human verification the services expect and its public
 * keys (GET /v1/verify/config), fetched by a form only when a verification is actually needed.
 * The same for everyone, so browsers may keep it a few minutes.
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, { session: false, cacheControl: "public, max-age=300" }, (ctx) => getVerificationConfig(ctx));
}
