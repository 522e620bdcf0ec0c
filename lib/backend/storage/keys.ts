import { randomBytes } from "node:crypto";

/**
 * Storage keys: one to four `/`-separated segments of letters, digits, `_`, `-` and `.`, each
 * starting with a letter or digit, at most 200 characters. That leaves no `..`, no absolute
 * path, no backslash, no hidden file and nothing that needs escaping in a URL or an S3 key, so
 * a key can go into a file path and a URL as it is.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const MAX_KEY_LENGTH = 200;
const MAX_SEGMENTS = 4;

export class InvalidStorageKeyError extends Error {
  constructor() {
    // The key itself stays out of the message: it may come from a request path.
    super("invalid storage key");
    this.name = "InvalidStorageKeyError";
  }
}

export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split("/");
  return segments.length <= MAX_SEGMENTS && segments.every((segment) => SEGMENT.test(segment));
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError();
}

/**
 * A new, unguessable key for an avatar. A fresh key per upload (rather than one per user)
 * lets the file be cached forever and keeps user ids out of public URLs.
 */
export function newAvatarKey(): string {
  return `avatars/${randomBytes(16).toString("hex")}.webp`;
}

/** Content types of the files the services store, by extension; local storage derives the type from the key. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

export function contentTypeForKey(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (ext && CONTENT_TYPES[ext]) || "application/octet-stream";
}
