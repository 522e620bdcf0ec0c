import type { FileStorage } from "./file-storage";

/**
 * What `GET /v1/files/{key}` sends for a stored file. Files are user uploads, so the headers
 * make sure a browser only ever treats one as the image it was stored as: no sniffing of the
 * type, and a CSP under which even an HTML or SVG file could run nothing and load nothing.
 * Keys are never reused (keys.ts), so the response may be cached for a year.
 */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export type FileResponse = { status: 200; body: Buffer; headers: Record<string, string> };

export function fileResponseHeaders(contentType: string, length: number): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Length": String(length),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": IMMUTABLE_CACHE_CONTROL,
    "Content-Security-Policy": "default-src 'none'",
  };
}

/** The response for a key, or null when the route should answer 404 (no such file, or not a valid key). */
export async function fileResponse(storage: FileStorage, key: string): Promise<FileResponse | null> {
  const file = await storage.get(key);
  if (!file) return null;
  return { status: 200, body: file.data, headers: fileResponseHeaders(file.contentType, file.data.byteLength) };
}
