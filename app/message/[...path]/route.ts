import { handleInNext } from "@/lib/backend/http/next";

/** The reference message service (lib/backend) at its contract paths, /message/**. */
export const runtime = "nodejs";

export const GET = handleInNext;
export const POST = handleInNext;
export const PATCH = handleInNext;
export const PUT = handleInNext;
export const DELETE = handleInNext;
