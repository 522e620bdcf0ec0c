import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { passkeys } from "../../db/schema";

/** Whether the account has a passkey (then a passkey is one of its step-up methods). */
export async function hasPasskey(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}
