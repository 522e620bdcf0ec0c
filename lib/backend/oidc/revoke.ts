import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { oidcPayloads } from "../db/schema";

/**
 * Everything the OpenID Provider holds for an account: its grants, codes, access and refresh
 * tokens and provider sessions, in every app and on every device. Afterwards every app must
 * sign the user in again. Plain rows of the provider's table (adapter.ts), so the services call
 * it without loading the provider.
 */
export async function revokeAppAccess(userId: string): Promise<number> {
  const db = await getDb();
  return (await db.delete(oidcPayloads).where(eq(oidcPayloads.accountId, userId)).returning({ id: oidcPayloads.id })).length;
}
