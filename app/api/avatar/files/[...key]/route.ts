import { NextResponse } from "next/server";
import { fetchStoredFile, isFileKey } from "@/lib/upstream/profile";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

/**
 * GET /api/avatar/files/{key}: a stored avatar of the passport API, passed on when that API is
 * another origin (see avatarSrc), so the browser loads it from the portal itself. Only image
 * types are passed on, under headers that let a browser treat the file as nothing but an image.
 */
export async function GET(_request: Request, { params }: RouteContext<"/api/avatar/files/[...key]">): Promise<Response> {
  const key = (await params).key.join("/");
  if (!isFileKey(key)) return new NextResponse(null, { status: 404 });
  let upstream: Response;
  try {
    upstream = await fetchStoredFile(key);
  } catch {
    return new NextResponse(null, { status: 502 });
  }
  const type = upstream.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (upstream.status !== 200 || !IMAGE_TYPES.has(type)) {
    await upstream.body?.cancel().catch(() => undefined);
    return new NextResponse(null, { status: upstream.status === 404 ? 404 : 502 });
  }
  return new NextResponse(upstream.body, {
    headers: {
      "content-type": type,
      "cache-control": upstream.headers.get("cache-control") ?? "public, max-age=3600",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    },
  });
}
