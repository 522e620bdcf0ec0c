import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { socialLinks, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import type { Identity } from "../social/identity";
import type { ClientInfo } from "./sessions";
import { connectIdentity } from "./social-identities";
import type { UserRow } from "./users";

/**
 * Tickets for what a social sign-in cannot finish alone (lib/backend/db/schema.ts socialLinks):
 * connecting to the existing account of the provider's email, or asking for an email. Single
 * use, 10 minutes, kept as sha256; a ticket allows five wrong passwords.
 */
export const LINK_TTL_SECONDS = 600;
export const MAX_LINK_PASSWORD_ATTEMPTS = 5;

export type LinkRow = typeof socialLinks.$inferSelect;
export type LinkKind = LinkRow["kind"];

export async function createLinkTicket(input: { kind: LinkKind; identity: Identity; user: UserRow | null; client: ClientInfo }): Promise<string> {
  const db = await getDb();
  const ticket = randomToken(32);
  const at = now();
  await db.delete(socialLinks).where(lt(socialLinks.expiresAt, addSeconds(at, -86_400)));
  await db.insert(socialLinks).values({
    ticketHash: sha256Hex(ticket),
    kind: input.kind,
    channel: input.identity.channel,
    subject: input.identity.subject,
    name: input.identity.name,
    userId: input.user?.id ?? null,
    appCode: input.client.appCode,
    platform: input.client.platform,
    appVersion: input.client.appVersion,
    createdAt: at,
    expiresAt: addSeconds(at, LINK_TTL_SECONDS),
  });
  return ticket;
}

/** A live ticket with the account it is for (connect); unknown, used or expired → 20306. */
export async function findLink(ticket: string): Promise<{ link: LinkRow; user: UserRow | null }> {
  const db = await getDb();
  const [row] = await db
    .select({ link: socialLinks, user: users })
    .from(socialLinks)
    .leftJoin(users, eq(users.id, socialLinks.userId))
    .where(and(eq(socialLinks.ticketHash, sha256Hex(ticket)), isNull(socialLinks.usedAt), gt(socialLinks.expiresAt, now())))
    .limit(1);
  if (!row || (row.link.kind === "connect" && !row.user)) throw new ServiceError(ErrorCode.socialLinkExpired);
  return row;
}

/**
 * Take one of the ticket's password tries before checking a password, atomically, so parallel
 * guesses cannot exceed the limit; none left → 20306 (the ticket is spent).
 */
export async function takePasswordAttempt(link: LinkRow): Promise<void> {
  const db = await getDb();
  const taken = await db
    .update(socialLinks)
    .set({ attempts: sql`${socialLinks.attempts} + 1` })
    .where(and(eq(socialLinks.id, link.id), isNull(socialLinks.usedAt), lt(socialLinks.attempts, MAX_LINK_PASSWORD_ATTEMPTS)))
    .returning({ id: socialLinks.id });
  if (taken.length === 0) throw new ServiceError(ErrorCode.socialLinkExpired);
}

/** Spend the ticket; a second use (a race, a replay) → 20306. */
export async function spendLink(link: LinkRow): Promise<void> {
  const db = await getDb();
  const spent = await db
    .update(socialLinks)
    .set({ usedAt: now() })
    .where(and(eq(socialLinks.id, link.id), isNull(socialLinks.usedAt), gt(socialLinks.expiresAt, now())))
    .returning({ id: socialLinks.id });
  if (spent.length === 0) throw new ServiceError(ErrorCode.socialLinkExpired);
}

/** The identity a ticket was made for (its email is the one proved later). */
export function linkIdentity(link: LinkRow, email: string | null): Identity {
  return { channel: link.channel, subject: link.subject, email, emailVerified: email !== null, name: link.name };
}

/**
 * The connection of a connection-screen ticket held for two-step sign-in, made once the second
 * step passed (two-step-sign-in.ts): a way in is never added to such an account before.
 */
export async function connectHeldLink(linkId: string, user: UserRow): Promise<void> {
  const db = await getDb();
  const [link] = await db.select().from(socialLinks).where(eq(socialLinks.id, linkId)).limit(1);
  if (!link) throw new ServiceError(ErrorCode.twoStepTicketInvalid);
  await connectIdentity(user.id, linkIdentity(link, user.email));
}
