import { eq } from "drizzle-orm";
import { now } from "../clock";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { fileResponse, getFileStorage, newAvatarKey, type FileResponse, type FileStorage } from "../storage";
import { describeFault, log } from "../log";

/**
 * Avatars: an upload is checked and re-encoded (images/avatar.ts), stored under a new key the
 * server picks, and becomes the user's headpic; the previous file is removed. Files of the local
 * storage are served by GET /v1/files/{key}; a bucket serves its own.
 */

/** Failures to remove a file are logged, never thrown: the user's change has happened. */
export async function removeStoredFile(storage: FileStorage, key: string): Promise<void> {
  try {
    await storage.remove(key);
  } catch (error) {
    log().warn({ err: describeFault(error) }, "could not remove a stored file");
  }
}

/**
 * PATCH /v1/user/headpic. Over 5 MB (or too many pixels) → 20111; not PNG, JPEG or WebP, or
 * damaged → 20110; the storage failed → 20112. A refused upload leaves the old avatar as it was.
 */
export async function setAvatar(user: { id: string }, upload: { ok: true; bytes: Uint8Array } | { ok: false }): Promise<{ headpic: string }> {
  if (!upload.ok) throw new ServiceError(ErrorCode.avatarTooLarge);
  // sharp is loaded on the first upload, not at server start (docs/performance.md, "Cold start")
  const { processAvatar } = await import("../images/avatar");
  const processed = await processAvatar(upload.bytes);
  if (!processed.ok) {
    throw new ServiceError(processed.reason === "tooLarge" ? ErrorCode.avatarTooLarge : ErrorCode.avatarUnsupported);
  }

  const storage = getFileStorage();
  const key = newAvatarKey();
  try {
    await storage.put(key, processed.data, processed.contentType);
  } catch (error) {
    log().error({ err: describeFault(error) }, "could not store an avatar");
    throw new ServiceError(ErrorCode.avatarUploadFailed);
  }
  const headpic = storage.publicUrl(key);

  let previous: string | null;
  try {
    const db = await getDb();
    previous = await db.transaction(async (tx) => {
      // the row lock orders parallel uploads, so each one removes exactly the file it replaced
      const [row] = await tx.select({ key: users.headpicKey }).from(users).where(eq(users.id, user.id)).for("update");
      await tx.update(users).set({ headpic, headpicKey: key, updatedAt: now() }).where(eq(users.id, user.id));
      return row?.key ?? null;
    });
  } catch (error) {
    await removeStoredFile(storage, key);
    throw error;
  }
  if (previous) await removeStoredFile(storage, previous);
  return { headpic };
}

/** GET /v1/files/{key}: a file of the local storage with fileResponse's headers; none (or a bucket) → 10006. */
export async function storedFile(key: string): Promise<FileResponse> {
  const storage = getFileStorage();
  if (storage.kind !== "local") throw new ServiceError(ErrorCode.notFound);
  const file = await fileResponse(storage, key);
  if (!file) throw new ServiceError(ErrorCode.notFound);
  return file;
}
