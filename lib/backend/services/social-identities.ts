import { and, eq } from "drizzle-orm";
import { now } from "../clock";
import { randomToken } from "../crypto";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { socialAccounts, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import type { Identity } from "../social/identity";
import { hashPassword } from "./passwords";
import { bySelf, recordAccountEvent } from "./account-events";
import { registrationBrand, type UserRow } from "./users";

/**
 * Social identities and the accounts they are connected to. One identity (provider + subject)
 * belongs to at most one account, and an account has at most one identity per provider: both
 * are unique indexes, so two connections that race cannot both win; the loser gets 20302
 * (the identity is taken) or 20309 (the account already has another one of that provider).
 */
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

/** The account an identity is connected to, if any. */
export async function ownerOf(identity: Pick<Identity, "channel" | "subject">): Promise<UserRow | null> {
  const db = await getDb();
  const [row] = await db
    .select({ user: users })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.channel, identity.channel), eq(socialAccounts.subject, identity.subject)))
    .limit(1);
  return row?.user ?? null;
}

/** Which of the two rules a failed insert broke. */
async function conflictOf(userId: string, identity: Identity): Promise<ServiceError> {
  const db = await getDb();
  const [taken] = await db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.channel, identity.channel), eq(socialAccounts.subject, identity.subject)))
    .limit(1);
  if (taken && taken.userId !== userId) return new ServiceError(ErrorCode.socialBoundElsewhere);
  return new ServiceError(ErrorCode.socialChannelTaken);
}

/**
 * Connect an identity to an account. Already connected to this account: nothing to do. Taken by
 * another account → 20302; the account has another identity of this provider → 20309.
 */
export async function connectIdentity(userId: string, identity: Identity): Promise<void> {
  const db = await getDb();
  const owner = await ownerOf(identity);
  if (owner?.id === userId) return;
  if (owner) throw new ServiceError(ErrorCode.socialBoundElsewhere);
  try {
    await db.insert(socialAccounts).values({
      userId,
      channel: identity.channel,
      subject: identity.subject,
      name: identity.name,
      createdAt: now(),
    });
    // the provider's callback does not carry the request that started the connection: no place
    await recordAccountEvent(userId, "social_connected", bySelf({ ip: null, userAgent: null, appCode: null }), { provider: identity.channel });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw await conflictOf(userId, identity);
  }
}

/** Keep the provider's name for the account up to date (it is shown in account security). */
export async function refreshIdentityName(identity: Identity): Promise<void> {
  if (!identity.name) return;
  const db = await getDb();
  await db
    .update(socialAccounts)
    .set({ name: identity.name })
    .where(and(eq(socialAccounts.channel, identity.channel), eq(socialAccounts.subject, identity.subject)));
}

/**
 * A new account for an identity with a verified email, connected to it, in one transaction:
 * no password (a hash of random bytes nobody knows, passwordSet false), and the brand the sign-up
 * came from as its brand of registration (the app code its first session records, as a
 * registration's). null when the email or the identity was taken meanwhile (a race): the caller
 * looks again.
 */
export async function createSocialUser(identity: Identity & { email: string }, registrationAppCode: string | null): Promise<UserRow | null> {
  const db = await getDb();
  const passwordHash = await hashPassword(randomToken(32));
  try {
    return await db.transaction(async (tx) => {
      const at = now();
      const [user] = await tx
        .insert(users)
        .values({ email: identity.email, passwordHash, passwordSet: false, nickname: identity.name?.slice(0, 32) ?? null, registrationAppCode: registrationBrand(registrationAppCode), createdAt: at, updatedAt: at })
        .returning();
      if (!user) throw new Error("insert returned no row");
      await tx.insert(socialAccounts).values({ userId: user.id, channel: identity.channel, subject: identity.subject, name: identity.name, createdAt: at });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The identities connected to an account. */
export async function identitiesOf(userId: string): Promise<SocialAccountRow[]> {
  const db = await getDb();
  return db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
}
