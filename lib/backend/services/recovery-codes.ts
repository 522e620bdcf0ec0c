import { randomInt } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { now } from "../clock";
import type { Db } from "../db/client";
import { recoveryCodes } from "../db/schema";
import { recoveryCodeHash } from "./two-step-crypto";

/**
 * Recovery codes: ten per user, "xxxxx-xxxxx" from 31 letters and digits without look-alikes
 * (no 0/o, 1/l/i): about 49 bits each, typed case- and dash-insensitively. Stored keyed-hashed
 * (two-step-crypto.ts), shown once when made.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 10;

function newCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The code as stored: lower case, no spaces or dashes; null when it cannot be a recovery code. */
export function normaliseRecoveryCode(input: string): string | null {
  const value = input.toLowerCase().replace(/[\s-]/g, "");
  if (value.length !== LENGTH) return null;
  return [...value].every((char) => ALPHABET.includes(char)) ? value : null;
}

/** New codes for the user; every earlier one (used or not) is deleted. Returns them, once. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const at = now();
  const rows = await Promise.all(codes.map(async (code) => ({ userId, codeHash: await recoveryCodeHash(userId, code.replace("-", "")), createdAt: at })));
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(rows);
  });
  return codes;
}

/** The hash to look a typed code up by, or null when it is not shaped like a code. */
export async function recoveryLookup(userId: string, input: string): Promise<string | null> {
  const normalised = normaliseRecoveryCode(input);
  return normalised ? recoveryCodeHash(userId, normalised) : null;
}

/** Use the code: one conditional UPDATE, so of two requests with the same code only one wins. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
