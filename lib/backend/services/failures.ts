import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import { addSeconds, now } from "../clock";
import { getDb } from "../db/client";
import { signInFailures } from "../db/schema";
import type { ErrorCodeValue } from "../errors";

/** The sign-in failure log: every refused sign-in, for operators and for the throttles. */
export type SignInMethod = "password" | "code" | "enterprise" | "device" | "social";
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

/** Failures with one of `reasons` for the email in the last `windowSeconds` (per IP, the rate-limit store counts). */
export async function countRecentFailures(input: { email: string; reasons: readonly ErrorCodeValue[]; windowSeconds: number }): Promise<number> {
  const db = await getDb();
  const since = addSeconds(now(), -input.windowSeconds);
  const [row] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, input.email), gt(signInFailures.createdAt, since), inArray(signInFailures.reason, [...input.reasons])));
  return row?.n ?? 0;
}

export async function listRecentFailures(limit: number): Promise<SignInFailure[]> {
  const db = await getDb();
  return db.select().from(signInFailures).orderBy(desc(signInFailures.createdAt), desc(signInFailures.id)).limit(limit);
}
