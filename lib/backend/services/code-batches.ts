import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { CodeStatus } from "@/lib/contract/console/screens";
import { fieldFromRule } from "@/lib/contract/fields";
import { REDEEM_CODE_RULE } from "@/lib/contract/rules";
import { now } from "../clock";
import { getDb } from "../db/client";
import { exchangeBatches, exchangeCodes, users } from "../db/schema";
import { KeyUnavailableError } from "../keys";
import { ConsoleError, idOf } from "./console/input";
import { codeHash, codeKeys, generateRedeemCode, openCode, sealCode } from "./exchange-codes";

/**
 * The operators' rules for redemption codes, for both doors (the console's Codes screen and
 * `npm run cli -- exchange:*`): what a batch may be, making one, reading it back in clear,
 * finding a code and revoking it. A refusal of the input is a ConsoleError (its key and field);
 * a key that is missing, or not the one the codes were sealed with, is a KeyUnavailableError.
 * Each door words both for its reader. Codes are in clear only in what these functions return;
 * the database keeps their HMAC and encryption (exchange-codes.ts).
 */
export const BATCH_MAX = 100_000;
export const BENEFIT_MAX_LENGTH = 100;
export const BENEFIT_DAYS_MAX = 36_500;
const redeemCode = fieldFromRule(REDEEM_CODE_RULE);

export type { CodeStatus };
type CodeRow = typeof exchangeCodes.$inferSelect;
export type BatchRow = typeof exchangeBatches.$inferSelect;
export type BatchInput = { benefitEn: string; benefitZh: string; count: number; benefitDays: number; validUntil: Date };

export function statusOf(code: CodeRow, at = now()): CodeStatus {
  if (code.redeemedAt) return "redeemed";
  if (code.revokedAt) return "revoked";
  return code.validUntil > at ? "unused" : "expired";
}

const wholeIn = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;

/** `max`: the most codes this door makes in one batch (the console makes smaller ones than the command line). */
export function checkBatch(input: BatchInput, max = BATCH_MAX): void {
  for (const field of ["benefitEn", "benefitZh"] as const) {
    const text = input[field].trim();
    if (!text) throw new ConsoleError("required", 400, field);
    if (text.length > BENEFIT_MAX_LENGTH) throw new ConsoleError("tooLong", 400, field);
  }
  if (!wholeIn(input.count, Math.min(max, BATCH_MAX))) throw new ConsoleError("badCount", 400, "count");
  if (!wholeIn(input.benefitDays, BENEFIT_DAYS_MAX)) throw new ConsoleError("badDays", 400, "benefitDays");
  if (Number.isNaN(input.validUntil.getTime())) throw new ConsoleError("badValidity", 400, "validUntil");
}

/** A new batch and its codes, in clear, in the order they were made. */
export async function createBatch(input: BatchInput, max = BATCH_MAX): Promise<{ batch: BatchRow; codes: string[] }> {
  checkBatch(input, max);
  const secret = await codeKeys();
  const db = await getDb();
  const at = now();
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(generateRedeemCode());
  const list = [...codes];
  const batch = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exchangeBatches)
      .values({ benefitEn: input.benefitEn.trim(), benefitZh: input.benefitZh.trim(), benefitDays: input.benefitDays, validUntil: input.validUntil, size: list.length, createdAt: at })
      .returning();
    if (!row) throw new Error("insert returned no row");
    for (let start = 0; start < list.length; start += 500) {
      await tx.insert(exchangeCodes).values(
        list.slice(start, start + 500).map((code) => ({
          batchId: row.id,
          codeHash: codeHash(secret, code),
          codeCipher: sealCode(secret, code),
          validUntil: input.validUntil,
          benefitDays: input.benefitDays,
          createdAt: at,
        })),
      );
    }
    return row;
  });
  return { batch, codes: list };
}

export type ExportedCode = { code: string; status: CodeStatus; redeemedAt: Date | null; redeemedBy: string | null };

/** A batch with its codes in clear, sorted (the same order on every export: codes of one batch share their creation time). */
export async function exportBatch(given: string): Promise<{ batch: BatchRow; codes: ExportedCode[] }> {
  const batchId = idOf(given);
  const secret = await codeKeys();
  const db = await getDb();
  const [batch] = await db.select().from(exchangeBatches).where(eq(exchangeBatches.id, batchId)).limit(1);
  if (!batch) throw new ConsoleError("notFound", 404, "id");
  const rows = await db
    .select({ code: exchangeCodes, email: users.email })
    .from(exchangeCodes)
    .leftJoin(users, eq(users.id, exchangeCodes.redeemedBy))
    .where(eq(exchangeCodes.batchId, batchId))
    .orderBy(asc(exchangeCodes.createdAt));
  const at = now();
  const codes = rows.map(({ code, email }) => {
    let clear: string;
    try {
      clear = openCode(secret, code.codeCipher);
    } catch {
      throw new KeyUnavailableError("The codes cannot be decrypted with this EXCHANGE_CODE_KEY: it is not the key they were created with.");
    }
    return { code: clear, status: statusOf(code, at), redeemedAt: code.redeemedAt, redeemedBy: email };
  });
  return { batch, codes: codes.sort((a, b) => a.code.localeCompare(b.code)) };
}

export async function listBatches(): Promise<BatchRow[]> {
  const db = await getDb();
  return db.select().from(exchangeBatches).orderBy(desc(exchangeBatches.createdAt));
}

export type FoundCode = { code: CodeRow; batch: BatchRow; email: string | null };

/** A code as an operator types it (any case, spaces around), with its batch and who redeemed it. */
export async function findCode(value: unknown): Promise<FoundCode> {
  const parsed = redeemCode.safeParse(typeof value === "string" ? value : "");
  if (!parsed.success) throw new ConsoleError("badCode", 400, "code");
  const secret = await codeKeys();
  const db = await getDb();
  const [row] = await db
    .select({ code: exchangeCodes, batch: exchangeBatches, email: users.email })
    .from(exchangeCodes)
    .innerJoin(exchangeBatches, eq(exchangeBatches.id, exchangeCodes.batchId))
    .leftJoin(users, eq(users.id, exchangeCodes.redeemedBy))
    .where(eq(exchangeCodes.codeHash, codeHash(secret, parsed.data)))
    .limit(1);
  if (!row) throw new ConsoleError("notFound", 404, "code");
  return row;
}

/**
 * Revokes an unused (or expired) code in one conditional UPDATE, so it cannot race a redemption;
 * a redeemed or revoked one keeps its state (`revoked: false`, its status as it is).
 */
export async function revokeCode(value: unknown): Promise<{ revoked: boolean; status: CodeStatus; batchId: string }> {
  const { code, batch } = await findCode(value);
  const db = await getDb();
  const done = await db
    .update(exchangeCodes)
    .set({ revokedAt: now() })
    .where(and(eq(exchangeCodes.id, code.id), isNull(exchangeCodes.redeemedAt), isNull(exchangeCodes.revokedAt)))
    .returning({ id: exchangeCodes.id });
  return { revoked: done.length > 0, status: done.length > 0 ? "revoked" : statusOf(code), batchId: batch.id };
}
