import { count, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { passkeys, socialAccounts, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";

/**
 * The last-way-in rule (docs/security.md, "A user never removes their last way in"): an account
 * never loses its last way in. The ways in that count are its password, each of its social
 * accounts and each of its passkeys. An emailed sign-in code does not count: it goes to the
 * account's mailbox, so it is account recovery standing in for the others, not a way in the
 * user chose (an account whose only door is its mailbox has been locked out of everything else).
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How many ways into the account there are now, read inside the removal's transaction. */
async function waysInCount(tx: Tx, userId: string): Promise<number> {
  const [account] = await tx.select({ passwordSet: users.passwordSet }).from(users).where(eq(users.id, userId));
  const [social] = await tx.select({ n: count() }).from(socialAccounts).where(eq(socialAccounts.userId, userId));
  const [keys] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (account?.passwordSet ? 1 : 0) + Number(social?.n ?? 0) + Number(keys?.n ?? 0);
}

export type WayInRemoval<T> = {
  /** the way in to remove; throws its own "not found" when the account has no such one */
  find: (tx: Tx) => Promise<T>;
  /** the caller's proof (the user's step-up; an operator gives none) */
  assertProof: () => void;
  remove: (tx: Tx, target: T) => Promise<void>;
};

/**
 * Every removal of a way in goes through here, in this order: the account's ways-in lock (two
 * removals at once, a disconnection and a passkey removal say, must not both see "another way in
 * is left"), the target (its own not-found), the rule (the last one → 20304, said before the
 * step-up check so nobody proves themselves for a change that cannot happen), the proof, the
 * removal. Answers what was removed.
 */
export async function removeWayIn<T>(userId: string, removal: WayInRemoval<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ways-in:${userId}`}))`);
    const target = await removal.find(tx);
    if ((await waysInCount(tx, userId)) <= 1) throw new ServiceError(ErrorCode.lastWayIn);
    removal.assertProof();
    await removal.remove(tx, target);
    return target;
  });
}
