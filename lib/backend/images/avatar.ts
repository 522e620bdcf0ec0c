import sharp from "sharp";
import { AVATAR_MAX_BYTES } from "@/lib/contract/user";
import { sniffImageFormat } from "./image-format";

/**
 * Turns an uploaded avatar into the one form the services store and serve: a 256×256 WebP
 * without metadata. Re-encoding (rather than storing the upload) is what makes the file safe
 * to serve: whatever else the upload carried — EXIF with GPS positions, ICC profiles, trailing
 * bytes, a polyglot — does not survive decoding to pixels and encoding again.
 */
export const AVATAR_SIZE = 256;

/**
 * The most pixels an upload may declare. 5 MB of PNG can declare a 50 000 × 50 000 image
 * (a decompression bomb: gigabytes once decoded); 64 MP still admits the 48–50 MP photos of
 * current phone cameras.
 */
export const AVATAR_MAX_INPUT_PIXELS = 64_000_000;

/** Decoding and resizing a legitimate photo takes well under a second; this bounds a hostile one. */
const PROCESSING_TIMEOUT_SECONDS = 10;
const WEBP_QUALITY = 82;

export type AvatarRejection = "unsupported" | "tooLarge" | "corrupt";
export type ProcessedAvatar =
  | { ok: true; data: Buffer; contentType: "image/webp"; ext: "webp" }
  | { ok: false; reason: AvatarRejection };

export async function processAvatar(bytes: Uint8Array): Promise<ProcessedAvatar> {
  // The size is checked before anything looks inside the bytes.
  if (bytes.byteLength > AVATAR_MAX_BYTES) return { ok: false, reason: "tooLarge" };
  const format = sniffImageFormat(bytes);
  if (!format) return { ok: false, reason: "unsupported" };

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options = {
    limitInputPixels: AVATAR_MAX_INPUT_PIXELS,
    // Truncated or damaged pixel data is an error, not a half-grey picture.
    failOn: "warning" as const,
    autoOrient: true,
  };

  let width: number;
  let height: number;
  try {
    // Reads the header only, so no pixel limit is needed here: the declared size is known
    // before any pixel is decoded, and a bomb is told apart from a broken file.
    const metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    // libvips sniffs the content too; a disagreement means a crafted or broken file.
    if (metadata.format !== format) return { ok: false, reason: "corrupt" };
    width = metadata.width;
    height = metadata.height;
  } catch {
    return { ok: false, reason: "corrupt" };
  }
  if (width * height > AVATAR_MAX_INPUT_PIXELS) return { ok: false, reason: "tooLarge" };

  try {
    const data = await sharp(input, options)
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
      // Without keepMetadata()/withMetadata() sharp writes no EXIF, XMP or ICC and converts to sRGB.
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer();
    return { ok: true, data, contentType: "image/webp", ext: "webp" };
  } catch {
    return { ok: false, reason: "corrupt" };
  }
}
