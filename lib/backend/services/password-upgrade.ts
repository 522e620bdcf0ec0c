import { and, eq } from "drizzle-orm";
import { now } from "../clock";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { hashPassword, needsRehash } from "./passwords";
import type { UserRow } from "./users";

/**
 * After a successful password sign-in: a hash that is not ours (a user imported with another
 * system's bcrypt, PBKDF2 or argon2, password-formats.ts) becomes ours, from the password just
 * proved right. Only while the stored hash is still the one checked, so a password changed in
 * the meantime is never overwritten. Our own hashes cost one prefix check here.
 */
export async function upgradePasswordHash(user: UserRow, password: string): Promise<void> {
  if (!needsRehash(user.passwordHash)) return;
  const db = await getDb();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: now() })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
}
