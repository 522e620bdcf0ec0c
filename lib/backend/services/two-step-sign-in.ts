import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { sendSecurityNotice } from "./security-notices";
import type { SessionData } from "@/lib/contract/passport";
import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { twoStepTickets, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { rateLimit } from "../ratelimit";
import { deviceHash } from "./devices";
import { recordSignInFailure } from "./failures";
import { ipLimitKey } from "./ip-key";
import { LIMITS } from "./limits";
import { assertIpAllowed, assertMaySignIn, takeCodeCheck } from "./protection";
import { openSession } from "./session-open";
import type { ClientInfo } from "./sessions";
import { connectHeldLink } from "./social-links";
import { assertNoTwoStepWait, forgetWrongSecondFactors, isTwoStepOn, noteWrongSecondFactor, prepareSecondFactor, SECOND_FACTOR_METHODS, type SecondFactorProof } from "./two-step-factor";
import type { UserRow } from "./users";

/**
 * The second step of a sign-in (sign-in.ts, step 4). With two-step on, a first factor that is
 * not multi-factor gets no session: a ticket is stored (sha256 only; bound to the user and the
 * device; 5 minutes; five wrong codes) and the caller hears 20901 with it. POST /v1/login/two-step
 * with the ticket and a code of the authenticator app or a recovery code opens the session.
 *
 * Device security asks nothing more: the second factor proves the person at least as well as
 * the emailed device code would, so the session opens as device-verified and the device is
 * remembered (no double prompt; docs/security.md).
 */
export const TWO_STEP_TICKET_TTL_SECONDS = 300;
export const TWO_STEP_TICKET_MAX_WRONG = 5;

type FirstStep = (typeof twoStepTickets.$inferInsert)["method"];

/**
 * What a social first step adds (social-sign-in.ts): the provider, for the login log; the
 * connection screen's ticket whose identity is connected only once the second step passed; and
 * the device, when the caller is not the browser itself: the services' callback hears no device
 * id, so the portal names the hash of its browser's in the round trip's start (`dh`).
 */
export type SocialHold = { channel: string; linkId?: string | null; deviceHash?: string | null };

/** With two-step on: store the ticket and throw 20901 (`data.ticket`, `data.methods`); off: nothing. */
export async function holdForSecondStep(user: UserRow, client: ClientInfo, remember: boolean, method: FirstStep, social?: SocialHold): Promise<void> {
  if (!(await isTwoStepOn(user.id))) return;
  const ticket = randomToken(32);
  const db = await getDb();
  const at = now();
  await db.insert(twoStepTickets).values({
    ticketHash: sha256Hex(ticket),
    userId: user.id,
    deviceHash: social?.deviceHash ?? deviceHash(client.deviceId),
    remember,
    method,
    socialChannel: social?.channel ?? null,
    socialLinkId: social?.linkId ?? null,
    createdAt: at,
    expiresAt: addSeconds(at, TWO_STEP_TICKET_TTL_SECONDS),
  });
  throw new ServiceError(ErrorCode.twoStepRequired, { ticket, methods: [...SECOND_FACTOR_METHODS] });
}

/** Thrown inside the transaction so the ticket's spending is rolled back with it. */
class WrongSecondFactor extends Error {}

/**
 * POST /v1/login/two-step. An unknown, spent or expired ticket, one out of tries or made for
 * another device → 20902 (sign in again); the account's wait after wrong codes → 429; a wrong,
 * replayed or used code → 20903, counted for the account (its growing wait), the ticket, the
 * caller's address and the failure log. Then the account rules of every sign-in and the session.
 */
export async function finishSecondStep(input: { ticket: string } & SecondFactorProof, client: ClientInfo): Promise<SessionData> {
  await assertIpAllowed(client.ip);
  await takeCodeCheck(client.ip);
  const db = await getDb();
  const at = now();
  const live = and(isNull(twoStepTickets.usedAt), gt(twoStepTickets.expiresAt, at), lt(twoStepTickets.wrongCodes, TWO_STEP_TICKET_MAX_WRONG));
  const [found] = await db
    .select({ ticket: twoStepTickets, user: users })
    .from(twoStepTickets)
    .innerJoin(users, eq(users.id, twoStepTickets.userId))
    .where(and(eq(twoStepTickets.ticketHash, sha256Hex(input.ticket)), live))
    .limit(1);
  if (!found || found.ticket.deviceHash !== deviceHash(client.deviceId)) throw new ServiceError(ErrorCode.twoStepTicketInvalid);
  const { ticket, user } = found;
  await assertNoTwoStepWait(user.id);

  const spend = await prepareSecondFactor(user.id, input);
  try {
    await db.transaction(async (tx) => {
      const claimed = await tx.update(twoStepTickets).set({ usedAt: at }).where(and(eq(twoStepTickets.id, ticket.id), live)).returning({ id: twoStepTickets.id });
      if (claimed.length === 0) throw new ServiceError(ErrorCode.twoStepTicketInvalid);
      if (!(await spend(tx))) throw new WrongSecondFactor();
    });
  } catch (error) {
    if (!(error instanceof WrongSecondFactor)) throw error;
    throw await refuseSecondFactor(ticket.id, user, client.ip);
  }

  const attempt = { email: user.email, ip: client.ip, method: ticket.method };
  await assertMaySignIn(user, attempt);
  await forgetWrongSecondFactors(user.id);
  if (ticket.socialLinkId) await connectHeldLink(ticket.socialLinkId, user);
  const { token } = await openSession(user, client, ticket.remember, { deviceVerified: true, socialChannel: ticket.socialChannel ?? undefined });
  if (input.method === "recovery") sendSecurityNotice(user, "recovery_codes_used", client);
  return { utoken: token, uid: user.id };
}

async function refuseSecondFactor(ticketId: string, user: UserRow, ip: string | null): Promise<ServiceError> {
  const db = await getDb();
  await db.update(twoStepTickets).set({ wrongCodes: sql`${twoStepTickets.wrongCodes} + 1` }).where(eq(twoStepTickets.id, ticketId));
  await noteWrongSecondFactor(user.id);
  await recordSignInFailure({ email: user.email, ip, method: "two-step", reason: ErrorCode.twoStepCodeIncorrect });
  const key = ipLimitKey(ip);
  if (key) await (await rateLimit(LIMITS.signInFailuresPerIp)).hit(key);
  return new ServiceError(ErrorCode.twoStepCodeIncorrect);
}
