import { ErrorCode, ServiceError } from "../errors";
import type { ServiceContext } from "./context";

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export type UploadedFile = { ok: true; bytes: Uint8Array } | { ok: false; reason: "tooLarge" };

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
      // Stop reading; the server discards the rest. (No cancel(): undici's FormData body
      // producer throws an uncaught error when its stream is cancelled under it.)
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

/**
 * The file in field `field` of a multipart/form-data body. The body is read with a cap (a
 * declared or actual size over `maxFileBytes` plus the multipart overhead is "tooLarge" without
 * reading on), then parsed as the platform's FormData. Not multipart, unparsable, or no file
 * in the field → 10001 naming the field.
 */
export async function readFormFile(ctx: ServiceContext, field: string, maxFileBytes: number): Promise<UploadedFile> {
  const type = ctx.request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ServiceError(ErrorCode.invalidParams, { fields: [field] });
  const limit = maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(ctx.request.headers.get("content-length") ?? 0);
  if (declared > limit) return { ok: false, reason: "tooLarge" };
  const body = await readCapped(ctx.request, limit);
  if (!body) return { ok: false, reason: "tooLarge" };

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new ServiceError(ErrorCode.invalidParams, { fields: [field] });
  }
  const file = form.get(field);
  if (file === null || typeof file === "string") throw new ServiceError(ErrorCode.invalidParams, { fields: [field] });
  if (file.size > maxFileBytes) return { ok: false, reason: "tooLarge" };
  return { ok: true, bytes: new Uint8Array(await file.arrayBuffer()) };
}
