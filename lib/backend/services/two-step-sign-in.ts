import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { SessionData } from "@/lib/contract/passport";
import { now } from "../clock";
import { sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { twoStepTickets, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { rateLimit } from "../ratelimit";
import { deviceHash } from "./devices";
import { factorKindsOf } from "./factor-kinds";
import { recordSignInFailure } from "./failures";
import { ipLimitKey } from "./ip-key";
import { LIMITS } from "./limits";
import { assertIpAllowed, takeCodeCheck } from "./protection";
import type { ClientInfo } from "./sessions";
import { finishSignIn, type ProvenSignIn } from "./sign-in-finish";
import { assertNoTwoStepWait, noteWrongSecondFactor, prepareSecondFactor, type SecondFactorProof } from "./two-step-factor";
import { TWO_STEP_TICKET_MAX_WRONG } from "./two-step-hold";
import type { UserRow } from "./users";

/**
 * The second step of a held sign-in (two-step-hold.ts): POST /v1/login/two-step with the ticket
 * and a code of the authenticator app or a recovery code. It is one more factor: what the first
 * step proved comes from the ticket, the code adds its own, and finishSignIn (sign-in-finish.ts)
 * does the rest like for every way in. Device security asks nothing more: the second factor
 * proves the person at least as well as the emailed device code would (docs/security.md).
 */

/** Thrown inside the transaction so the ticket's spending is rolled back with it. */
class WrongSecondFactor extends Error {}

/**
 * An unknown, spent or expired ticket, one out of tries or made for another device → 20902 (sign
 * in again); the account's wait after wrong codes → 429; a wrong, replayed or used code → 20903,
 * counted for the account (its growing wait), the ticket, the caller's address and the failure log.
 */
export async function finishSecondStep(input: { ticket: string } & SecondFactorProof, client: ClientInfo): Promise<SessionData> {
  const { token, user } = await finishSignIn("two-step", client, () => proveSecondStep(input, client));
  return { utoken: token, uid: user.id };
}

async function proveSecondStep(input: { ticket: string } & SecondFactorProof, client: ClientInfo): Promise<ProvenSignIn> {
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
  return {
    user,
    earlier: factorKindsOf(ticket.factors),
    proved: [input.method === "recovery" ? "recovery_code" : "totp"],
    remember: ticket.remember,
    social: ticket.socialChannel ? { channel: ticket.socialChannel, linkId: ticket.socialLinkId } : undefined,
  };
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
