import "server-only";
import { AVATAR_MAX_BYTES } from "@/lib/contract/user";
import { ErrorCode } from "@/lib/contract/errors";

/** Room for the multipart boundary and part headers around the image. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const AVATAR_BODY_LIMIT = AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

export type AvatarUpload = { ok: true; file: File } | { ok: false; code: number };

/**
 * The image of an avatar upload: field `headpic` of a multipart/form-data body. The limit is
 * enforced while reading: a declared length over it is refused before anything is read, and
 * reading stops as soon as the body grows past it, so an oversized upload never sits in memory.
 */
export async function readAvatarUpload(request: Request): Promise<AvatarUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) return { ok: false, code: ErrorCode.invalidParams };
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > AVATAR_BODY_LIMIT) return { ok: false, code: ErrorCode.avatarTooLarge };
  const body = await readCapped(request, AVATAR_BODY_LIMIT);
  if (!body) return { ok: false, code: ErrorCode.avatarTooLarge };

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    return { ok: false, code: ErrorCode.invalidParams };
  }
  const file = form.get("headpic");
  if (file === null || typeof file === "string" || file.size === 0) return { ok: false, code: ErrorCode.invalidParams };
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, code: ErrorCode.avatarTooLarge };
  return { ok: true, file };
}

/** The body, read at most `limit` bytes far; null once it is longer (the rest is never read). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading and let the server discard the rest; cancelling could drop the
      // connection before the 413 reaches the browser.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
