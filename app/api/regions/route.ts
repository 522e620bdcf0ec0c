import type { NextRequest } from "next/server";
import { apiRoute } from "@/lib/session/api-route";
import { listCountries } from "@/lib/upstream/profile";

/**
 * GET /api/regions?lang=…: every country, named in the page's language, for the user centre's
 * country select (GET /v1/region/country). The same for everyone in a language and rarely
 * changing, so the browser may keep it for an hour, like a country's regions
 * (GET /api/regions/{countryId}).
 */
export async function GET(request: NextRequest) {
  return apiRoute(request, { session: false, cacheControl: "private, max-age=3600" }, (ctx) => listCountries(ctx));
}
