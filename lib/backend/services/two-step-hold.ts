import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { twoStepTickets } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { deviceHash } from "./devices";
import type { FactorKind } from "./factor-kinds";
import type { SignInMethod } from "./failures";
import type { ClientInfo } from "./sessions";
import { twoStepReadWith } from "./sign-in-record";
import { isTwoStepOn, SECOND_FACTOR_METHODS } from "./two-step-factor";
import type { UserRow } from "./users";

/**
 * The second step's hold (sign-in-finish.ts). With two-step on, a sign-in whose factors do not
 * include a second factor gets no session: a ticket is stored (sha256 only; bound to the user
 * and the device; 5 minutes; five wrong codes) with what the first step proved, and the caller
 * hears 20901 with it. POST /v1/login/two-step finishes it (two-step-sign-in.ts).
 */
export const TWO_STEP_TICKET_TTL_SECONDS = 300;
export const TWO_STEP_TICKET_MAX_WRONG = 5;

/**
 * What a social first step adds: the provider, for the login log; the connection screen's
 * ticket whose identity is connected only once the second step passed; and the device, when the
 * caller is not the browser itself: the services' callback hears no device id, so the portal
 * names the hash of its browser's in the round trip's start (`dh`).
 */
export type SocialHold = { channel: string; linkId?: string | null; deviceHash?: string | null };

export type FirstStep = { method: SignInMethod; remember: boolean; factors: readonly FactorKind[]; social?: SocialHold };

/** With two-step on: store the ticket and throw 20901 (`data.ticket`, `data.methods`); off: nothing. */
export async function holdForSecondStep(user: UserRow, client: ClientInfo, first: FirstStep): Promise<void> {
  // a sign-in with an email read it with the account (sign-in-record.ts); others ask now
  if (!(twoStepReadWith(user) ?? (await isTwoStepOn(user.id)))) return;
  const ticket = randomToken(32);
  const db = await getDb();
  const at = now();
  await db.insert(twoStepTickets).values({
    ticketHash: sha256Hex(ticket),
    userId: user.id,
    deviceHash: first.social?.deviceHash ?? deviceHash(client.deviceId),
    remember: first.remember,
    method: first.method,
    factors: [...first.factors],
    socialChannel: first.social?.channel ?? null,
    socialLinkId: first.social?.linkId ?? null,
    createdAt: at,
    expiresAt: addSeconds(at, TWO_STEP_TICKET_TTL_SECONDS),
  });
  throw new ServiceError(ErrorCode.twoStepRequired, { ticket, methods: [...SECOND_FACTOR_METHODS] });
}
