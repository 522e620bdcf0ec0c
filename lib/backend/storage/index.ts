import path from "node:path";
import { clearSingleton, peekSingleton, singleton } from "../singleton";
import { getConfig } from "../config";
import type { FileStorage } from "./file-storage";
import { LocalFileStorage } from "./local-storage";
import { S3FileStorage } from "./s3-storage";

export type { FileStorage, StoredFile } from "./file-storage";
export { fileResponse, fileResponseHeaders, type FileResponse } from "./file-response";
export { contentTypeForKey, isValidStorageKey, newAvatarKey, InvalidStorageKeyError } from "./keys";
export { LOCAL_FILES_ROUTE, LocalFileStorage } from "./local-storage";
export { S3FileStorage } from "./s3-storage";

/**
 * The file storage of this instance: a directory under DATA_DIR by default (one instance),
 * an S3-compatible bucket when S3_BUCKET is set (several instances share it). Created on
 * first use, never at import.
 */
const NAME = "fileStorage";

export function getFileStorage(): FileStorage {
  return singleton(NAME, () => {
    const config = getConfig();
    return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(path.join(config.dataDir, "files"));
  });
}

/** Drops the storage (and closes an S3 client) so the next call reads the configuration again (shutdown, tests). */
export async function closeFileStorage(): Promise<void> {
  const storage = peekSingleton<FileStorage>(NAME);
  clearSingleton(NAME);
  if (storage instanceof S3FileStorage) await storage.close();
}
