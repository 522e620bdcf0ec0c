import { handleServiceRequest } from "@/lib/backend/http/router";

/** The reference passport API (lib/backend) at its contract paths, /v2/**. */
export const runtime = "nodejs";

function handle(request: Request): Promise<Response> {
  return handleServiceRequest(request);
}

export const GET = handle;
export const POST = handle;
export const PATCH = handle;
export const PUT = handle;
export const DELETE = handle;
