import { and, eq, gt, inArray, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import { addSeconds, now } from "../clock";
import { getDb, preparedOnce } from "../db/client";
import { ipBans, signInFailures, twoStepTotp, users } from "../db/schema";
import { normalizeIp } from "../net/addresses";
import { banCovers } from "./ipbans";
import { CREDENTIAL_FAILURES, VERIFICATION_AFTER } from "./limits";
import type { UserRow } from "./users";

/**
 * What a sign-in reads before it looks at credentials: whether the address is banned, the
 * email's recent failures, the account itself and whether its two-step is on (what the end of
 * the sign-in asks: two-step-hold.ts). One prepared query instead of four: a sign-in is the
 * services' busiest write path, and on the embedded database every round trip runs on the
 * server's own thread, beside the password hashing (docs/performance.md).
 */
export type SignInRecord = { ipBanned: boolean; recentFailures: number; user: UserRow | null };

/** Whether two-step was on for an account row this module read, by the row itself (nothing kept past the request). */
const twoStepOfRow = new WeakMap<UserRow, boolean>();

/** Two-step as the sign-in's record read it for this very row, or undefined for a row read elsewhere. */
export function twoStepReadWith(user: UserRow): boolean | undefined {
  return twoStepOfRow.get(user);
}

const email = sql.placeholder("email");
/** the caller's address as text, or null (then nothing is banned) */
const address = sql.placeholder("address");
/** failures after this time count (VERIFICATION_AFTER.windowSeconds ago) */
const since = sql.placeholder("since");
/** the time bans are judged at (expiry) */
const at = sql.placeholder("at");

/**
 * The record's columns, for the account `users` the query joins and the email `ofEmail` (the
 * attempt's, or that joined account's own): with signInRecordValues and signInRecordOf, another
 * statement can read the record along with what it reads itself (a passkey's answer reads it with
 * its challenge and passkey: passkeys/sign-in.ts).
 */
export function signInRecordColumns(ofEmail: SQLWrapper) {
  return {
    ipBanned: sql<boolean>`exists (select 1 from ${ipBans} where ${banCovers(address, at)})`,
    recentFailures: sql<number>`(select count(*) from ${signInFailures} where ${and(
      eq(signInFailures.email, ofEmail),
      gt(signInFailures.createdAt, since),
      inArray(signInFailures.reason, [...CREDENTIAL_FAILURES]),
    )})`.mapWith(Number),
    user: users,
    twoStepOn: sql<boolean>`exists (select 1 from ${twoStepTotp} where ${and(eq(twoStepTotp.userId, users.id), isNotNull(twoStepTotp.confirmedAt))})`,
  };
}

/** The values of the record's placeholders for a sign-in from `ip`; failures within VERIFICATION_AFTER's window. */
export function signInRecordValues(ip: string | null) {
  return { address: normalizeIp(ip), since: addSeconds(now(), -VERIFICATION_AFTER.windowSeconds), at: now() };
}

/** The record in a row of signInRecordColumns (none: no row). */
export function signInRecordOf(row: { ipBanned: boolean; recentFailures: number; user: UserRow | null; twoStepOn: boolean } | undefined): SignInRecord {
  const user = row?.user ?? null;
  if (user && row) twoStepOfRow.set(user, row.twoStepOn);
  return { ipBanned: row?.ipBanned ?? false, recentFailures: row?.recentFailures ?? 0, user };
}

const recordQuery = preparedOnce((db) =>
  db
    .select(signInRecordColumns(email))
    // one row whatever the email: the account is joined to it, or null
    .from(sql`(select 1) as "one"`)
    .leftJoin(users, eq(users.email, email))
    .prepare("sign_in_record"),
);

/** The record of a sign-in by `email` (canonical) from `ip`; failures within VERIFICATION_AFTER's window. */
export async function readSignInRecord(input: { email: string; ip: string | null }): Promise<SignInRecord> {
  const db = await getDb();
  const [row] = await recordQuery(db).execute({ email: input.email, ...signInRecordValues(input.ip) });
  return signInRecordOf(row);
}
