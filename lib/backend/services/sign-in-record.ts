import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { addSeconds, now } from "../clock";
import { getDb } from "../db/client";
import { ipBans, signInFailures, users } from "../db/schema";
import type { ErrorCodeValue } from "../errors";
import { normalizeIp } from "../net/addresses";
import type { UserRow } from "./users";

/**
 * What a sign-in reads before it looks at credentials: whether the address is banned, the
 * email's recent failures, and the account itself. One query instead of three: a sign-in is
 * the services' busiest write path, and on the embedded database every round trip runs on
 * the server's own thread, beside the password hashing (docs/performance.md).
 */
export type SignInRecord = { ipBanned: boolean; recentFailures: number; user: UserRow | null };

export async function readSignInRecord(input: {
  email: string;
  ip: string | null;
  /** failures with one of these reasons count… */
  failureReasons: readonly ErrorCodeValue[];
  /** …within this many seconds */
  windowSeconds: number;
}): Promise<SignInRecord> {
  const db = await getDb();
  const address = normalizeIp(input.ip);
  const since = addSeconds(now(), -input.windowSeconds);
  const recent = and(eq(signInFailures.email, input.email), gt(signInFailures.createdAt, since), inArray(signInFailures.reason, [...input.failureReasons]));
  const [row] = await db
    .select({
      ipBanned: address ? sql<boolean>`exists (select 1 from ${ipBans} where ${address}::inet <<= ${ipBans.network})` : sql<boolean>`false`,
      recentFailures: sql<number>`(select count(*) from ${signInFailures} where ${recent})`.mapWith(Number),
      user: users,
    })
    // one row whatever the email: the account is joined to it, or null
    .from(sql`(select 1) as "one"`)
    .leftJoin(users, eq(users.email, input.email));
  return { ipBanned: row?.ipBanned ?? false, recentFailures: row?.recentFailures ?? 0, user: row?.user ?? null };
}
