import { desc } from "drizzle-orm";
import { now } from "../clock";
import { getDb } from "../db/client";
import { signInFailures } from "../db/schema";
import type { ErrorCodeValue } from "../errors";

/** The sign-in failure log: every refused sign-in, for operators and for the throttles. */
export type SignInMethod = "password" | "code" | "enterprise" | "device" | "social" | "passkey" | "two-step";
export type SignInFailure = typeof signInFailures.$inferSelect;

export async function recordSignInFailure(input: {
  email: string;
  ip: string | null;
  method: SignInMethod;
  reason: ErrorCodeValue;
}): Promise<void> {
  const db = await getDb();
  await db.insert(signInFailures).values({ ...input, createdAt: now() });
}

export async function listRecentFailures(limit: number): Promise<SignInFailure[]> {
  const db = await getDb();
  return db.select().from(signInFailures).orderBy(desc(signInFailures.createdAt), desc(signInFailures.id)).limit(limit);
}
