import { eq } from "drizzle-orm";
import { canonicalEmail } from "@/lib/contract/fields";
import { addSeconds, now } from "../clock";
import { randomToken, sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { emailNonces } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { takeEmailNonce } from "./protection";

/**
 * POST /v1/verify/email hands out a nonce tied to the email; a code can only be requested
 * with it, and only that nonce can later redeem the code. Stored as a sha256 hash; counted per
 * IP (each is a row), and deleted by the pruner once expired.
 */
export const NONCE_TTL_SECONDS = 600;

export async function issueEmailNonce(email: string, ip: string | null): Promise<{ nonce: string }> {
  await takeEmailNonce(ip);
  const db = await getDb();
  const nonce = randomToken(32);
  const at = now();
  await db.insert(emailNonces).values({
    nonceHash: sha256Hex(nonce),
    email: canonicalEmail(email),
    createdAt: at,
    expiresAt: addSeconds(at, NONCE_TTL_SECONDS),
  });
  return { nonce };
}

/** The nonce exists, belongs to this email and has not expired; otherwise 20204. */
export async function checkEmailNonce(email: string, nonce: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(emailNonces).where(eq(emailNonces.nonceHash, sha256Hex(nonce))).limit(1);
  if (!row || row.email !== canonicalEmail(email) || row.expiresAt <= now()) {
    throw new ServiceError(ErrorCode.incorrectCode);
  }
}
