import { asc, desc, eq } from "drizzle-orm";
import { fieldFromRule } from "@/lib/contract/fields";
import { REDEEM_CODE_RULE } from "@/lib/contract/rules";
import { z } from "zod";
import { addSeconds, now } from "../clock";
import { getDb } from "../db/client";
import { exchangeBatches, exchangeCodes, users } from "../db/schema";
import { KeyUnavailableError } from "../keys";
import { codeHash, codeKeys, generateRedeemCode, openCode, sealCode, type CodeKeys } from "../services/exchange-codes";
import { CliError } from "./commands";

/**
 * Operator commands for redemption codes (the CLI is exchange-cli.ts): create a batch, export it
 * as CSV, revoke a code, look one up. Codes are shown to the operator in clear; the database
 * keeps only their HMAC and encryption (services/exchange-codes.ts).
 */
export const BATCH_MAX = 100_000;
const redeemCode = fieldFromRule(REDEEM_CODE_RULE);

export type CodeStatus = "unused" | "redeemed" | "revoked" | "expired";
type CodeRow = typeof exchangeCodes.$inferSelect;
type BatchRow = typeof exchangeBatches.$inferSelect;

async function keys(): Promise<CodeKeys> {
  try {
    return await codeKeys();
  } catch (error) {
    if (error instanceof KeyUnavailableError) throw new CliError(error.message);
    throw error;
  }
}

export function statusOf(code: CodeRow, at = now()): CodeStatus {
  if (code.redeemedAt) return "redeemed";
  if (code.revokedAt) return "revoked";
  return code.validUntil > at ? "unused" : "expired";
}

export type BatchInput = { benefitEn: string; benefitZh: string; count: number; benefitDays: number; validUntil: Date };

function checkBatch(input: BatchInput): void {
  for (const [flag, value] of [["benefit", input.benefitEn], ["benefit-zh", input.benefitZh]] as const) {
    if (!value.trim() || value.trim().length > 100) throw new CliError(`--${flag} must be 1–100 characters.`);
  }
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > BATCH_MAX) throw new CliError(`--count must be a whole number from 1 to ${BATCH_MAX}.`);
  if (!Number.isInteger(input.benefitDays) || input.benefitDays < 1 || input.benefitDays > 36_500) throw new CliError("--benefit-days must be a whole number from 1 to 36500.");
  if (Number.isNaN(input.validUntil.getTime())) throw new CliError("The validity is not a date.");
}

/** A new batch and its codes, in clear, in the order they were made. */
export async function createBatch(input: BatchInput): Promise<{ batch: BatchRow; codes: string[] }> {
  checkBatch(input);
  const secret = await keys();
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

export async function exportBatch(batchId: string): Promise<{ batch: BatchRow; codes: ExportedCode[] }> {
  // the argument is not repeated: a code given here by mistake would land in the audit log
  if (!z.uuid().safeParse(batchId).success) throw new CliError("Not a batch id (see exchange:batches).");
  const secret = await keys();
  const db = await getDb();
  const [batch] = await db.select().from(exchangeBatches).where(eq(exchangeBatches.id, batchId)).limit(1);
  if (!batch) throw new CliError(`No batch ${batchId}.`);
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
      throw new CliError("The codes cannot be decrypted with this EXCHANGE_CODE_KEY: it is not the key they were created with.");
    }
    return { code: clear, status: statusOf(code, at), redeemedAt: code.redeemedAt, redeemedBy: email };
  });
  // the same order on every export: codes of one batch share their creation time
  return { batch, codes: codes.sort((a, b) => a.code.localeCompare(b.code)) };
}

export async function listBatches(): Promise<BatchRow[]> {
  const db = await getDb();
  return db.select().from(exchangeBatches).orderBy(desc(exchangeBatches.createdAt));
}

async function findCode(value: string): Promise<{ code: CodeRow; batch: BatchRow; email: string | null }> {
  if (!redeemCode.safeParse(value).success) throw new CliError("A code is 16 letters and digits.");
  const secret = await keys();
  const db = await getDb();
  const [row] = await db
    .select({ code: exchangeCodes, batch: exchangeBatches, email: users.email })
    .from(exchangeCodes)
    .innerJoin(exchangeBatches, eq(exchangeBatches.id, exchangeCodes.batchId))
    .leftJoin(users, eq(users.id, exchangeCodes.redeemedBy))
    .where(eq(exchangeCodes.codeHash, codeHash(secret, value)))
    .limit(1);
  if (!row) throw new CliError("No such code.");
  return row;
}

export type CodeLookup = { batchId: string; benefit: string; status: CodeStatus; validUntil: Date; redeemedAt: Date | null; redeemedBy: string | null; expireAt: Date | null; revokedAt: Date | null };

export async function lookupCode(value: string): Promise<CodeLookup> {
  const { code, batch, email } = await findCode(value);
  return {
    batchId: batch.id,
    benefit: `${batch.benefitEn} / ${batch.benefitZh}`,
    status: statusOf(code),
    validUntil: code.validUntil,
    redeemedAt: code.redeemedAt,
    redeemedBy: code.redeemedAt ? (email ?? "(deleted account)") : null,
    expireAt: code.expireAt,
    revokedAt: code.revokedAt,
  };
}

/** Revoke an unused code; a redeemed one cannot be taken back (its status is returned unchanged). */
export async function revokeCode(value: string): Promise<{ revoked: boolean; status: CodeStatus; batchId: string }> {
  const { code, batch } = await findCode(value);
  if (code.redeemedAt || code.revokedAt) return { revoked: false, status: statusOf(code), batchId: batch.id };
  const db = await getDb();
  await db.update(exchangeCodes).set({ revokedAt: now() }).where(eq(exchangeCodes.id, code.id));
  return { revoked: true, status: "revoked", batchId: batch.id };
}

/** "2026-12-31" → the end of that day (UTC); "30" days → that long from now. */
export function validityFrom(options: { until?: string; days?: string }): Date {
  if ((options.until === undefined) === (options.days === undefined)) throw new CliError("Give either --valid-until YYYY-MM-DD or --valid-days N.");
  if (options.days !== undefined) {
    const days = Number(options.days);
    if (!Number.isInteger(days) || days < 1 || days > 36_500) throw new CliError("--valid-days must be a whole number from 1 to 36500.");
    return addSeconds(now(), days * 86_400);
  }
  const until = options.until ?? "";
  const day = new Date(`${until}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || Number.isNaN(day.getTime()) || !day.toISOString().startsWith(until)) throw new CliError("--valid-until must be a date YYYY-MM-DD.");
  return addSeconds(day, 86_400);
}
