import { handleInNext } from "@/lib/backend/http/next";

/** The reference passport API (lib/backend) at its contract paths, /v1/**. */
export const runtime = "nodejs";

export const GET = handleInNext;
export const POST = handleInNext;
export const PATCH = handleInNext;
export const PUT = handleInNext;
export const DELETE = handleInNext;
