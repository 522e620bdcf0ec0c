import { and, eq, gt, isNull } from "drizzle-orm";
import type { VerificationProvider, VerificationScene } from "@/lib/contract/verification";
import { canonicalEmail } from "@/lib/contract/fields";
import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { verificationTickets } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";

/**
 * Human-verification tickets: what a passed verification turns into. 32 random bytes, stored
 * as sha256, bound to one scene and one email, valid 2 minutes, redeemed once; deleted a day
 * after they expire (maintenance/pruners.ts).
 */
export const TICKET_TTL_SECONDS = 120;

export async function issueTicket(input: {
  scene: VerificationScene;
  email: string;
  provider: VerificationProvider;
}): Promise<{ ticket: string; expiresIn: number }> {
  const db = await getDb();
  const ticket = randomToken(32);
  const at = now();
  await db.insert(verificationTickets).values({
    ticketHash: sha256Hex(ticket),
    scene: input.scene,
    email: canonicalEmail(input.email),
    provider: input.provider,
    createdAt: at,
    expiresAt: addSeconds(at, TICKET_TTL_SECONDS),
  });
  return { ticket, expiresIn: TICKET_TTL_SECONDS };
}

/**
 * Redeem a ticket for this scene and email. None → 20106; unknown, used, expired, or made
 * for another scene or email → 20107. A ticket shown for the wrong scene or email stays
 * unused; a redeemed one never works again, even in parallel requests.
 */
export async function redeemTicket(input: { scene: VerificationScene; email: string; ticket: string | undefined }): Promise<void> {
  const ticket = input.ticket?.trim();
  if (!ticket) throw new ServiceError(ErrorCode.verificationRequired);
  const db = await getDb();
  const at = now();
  const [redeemed] = await db
    .update(verificationTickets)
    .set({ usedAt: at })
    .where(
      and(
        eq(verificationTickets.ticketHash, sha256Hex(ticket)),
        eq(verificationTickets.scene, input.scene),
        eq(verificationTickets.email, canonicalEmail(input.email)),
        isNull(verificationTickets.usedAt),
        gt(verificationTickets.expiresAt, at),
      ),
    )
    .returning({ id: verificationTickets.id });
  if (!redeemed) throw new ServiceError(ErrorCode.verificationFailed);
}
