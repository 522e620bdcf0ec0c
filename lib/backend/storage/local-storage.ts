import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { FileStorage, StoredFile } from "./file-storage";
import { assertValidStorageKey, contentTypeForKey, isValidStorageKey } from "./keys";

/** Path of the services route that serves local files (see file-response.ts). */
export const LOCAL_FILES_ROUTE = "/v1/files";

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

/**
 * Files in a directory (`<DATA_DIR>/files` by default), for a single instance. The content
 * type is not stored: it follows from the key's extension, so `put` refuses a type that does
 * not match it rather than silently serving the file as something else later.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = "local" as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file's path; the check against the root is a second guard behind the key syntax. */
  private pathOf(key: string): string {
    assertValidStorageKey(key);
    const full = path.resolve(this.root, ...key.split("/"));
    if (!full.startsWith(this.root + path.sep)) throw new Error("storage key escapes the storage root");
    return full;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const target = this.pathOf(key);
    if (contentType !== contentTypeForKey(key)) {
      throw new Error(`local storage serves this key as ${contentTypeForKey(key)}, not ${contentType}`);
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target, then renamed: a reader sees the old file or the whole new one,
    // never a half-written one. The leading dot keeps the temporary name out of the key space.
    const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      const handle = await fs.open(temporary, "wx", 0o644);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidStorageKey(key)) return null;
    try {
      const data = await fs.readFile(this.pathOf(key));
      return { data, contentType: contentTypeForKey(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await fs.unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  publicUrl(key: string): string {
    assertValidStorageKey(key);
    return `${LOCAL_FILES_ROUTE}/${key}`;
  }
}
