/**
 * The image formats an avatar may be uploaded in, recognised by their leading bytes only.
 * A file name or a client's Content-Type says nothing about what the bytes are, so neither
 * is ever consulted: an SVG (script), a GIF or a HEIC renamed to `.png` is refused here,
 * before any decoder sees it.
 */
export type AvatarInputFormat = "png" | "jpeg" | "webp";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46]; // "RIFF", then 4 bytes of length
const WEBP = [0x57, 0x45, 0x42, 0x50]; // "WEBP" at offset 8

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

/** The format the bytes are in, or null for anything but PNG, JPEG and WebP. */
export function sniffImageFormat(bytes: Uint8Array): AvatarInputFormat | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "jpeg";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "webp";
  return null;
}
