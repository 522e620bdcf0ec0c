/**
 * Where uploaded files (avatars) are kept. Keys are chosen by the server (see keys.ts), never
 * by a client, and are the same on every implementation, so a deployment can move from the
 * local directory to a bucket by copying the files.
 */
export type StoredFile = { data: Buffer; contentType: string };

export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Stores the bytes under the key, replacing any earlier file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none (or the key is not a valid key). */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
}
