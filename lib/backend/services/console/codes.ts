import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { BatchSummary, CodeInfo, CodeStatus, NewBatch } from "@/lib/contract/console/screens";
import { addSeconds, now } from "../../clock";
import { getDb } from "../../db/client";
import { exchangeBatches, exchangeCodes } from "../../db/schema";
import { KeyUnavailableError } from "../../keys";
import { BATCH_MAX, BENEFIT_MAX_LENGTH, checkBatch, createBatch, exportBatch, findCode, revokeCode as revokeFound, statusOf } from "../code-batches";
import { dayOf, ConsoleError, PAGE_SIZE, requiredText, type Page } from "./input";

/**
 * The console's redemption codes. A batch made here is never shown on screen: its CSV is
 * downloaded once, through a one-time token (only its sha256 is stored) that lasts
 * DOWNLOAD_SECONDS; after that, only the command line's export (with the key) gives the codes.
 */
export const DOWNLOAD_SECONDS = 15 * 60;
/** The console makes smaller batches than the command line: one request, one transaction. */
export const CONSOLE_BATCH_MAX = Math.min(BATCH_MAX, 10_000);

/** The codes' key missing, or not the one they were sealed with: a 409 the screen explains. */
async function withKey<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof KeyUnavailableError) throw new ConsoleError("codeKeyUnavailable", 409);
    throw error;
  }
}

/** A number as a form sends it (digits only: "1e3" is not one); its range is the rule's (code-batches.ts). */
const wholeNumber = (value: unknown): number => (typeof value === "number" ? value : typeof value === "string" && /^\d{1,7}$/.test(value.trim()) ? Number(value) : NaN);

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** `validUntil` is a day (YYYY-MM-DD): the codes can be redeemed to its end (UTC). */
export async function createCodeBatch(input: { benefitEn?: unknown; benefitZh?: unknown; count?: unknown; benefitDays?: unknown; validUntil?: unknown }): Promise<NewBatch> {
  const benefitEn = requiredText(input.benefitEn, BENEFIT_MAX_LENGTH, "benefitEn");
  const benefitZh = requiredText(input.benefitZh, BENEFIT_MAX_LENGTH, "benefitZh");
  const batchInput = { benefitEn, benefitZh, count: wholeNumber(input.count), benefitDays: wholeNumber(input.benefitDays), validUntil: addSeconds(dayOf(input.validUntil, "validUntil"), 86_400) };
  checkBatch(batchInput, CONSOLE_BATCH_MAX);
  // the console's own rule on top: codes that can be redeemed, for at most ten years
  const { validUntil } = batchInput;
  if (validUntil <= now() || validUntil > addSeconds(now(), 10 * 366 * 86_400)) throw new ConsoleError("badValidity", 400, "validUntil");
  const { batch } = await withKey(() => createBatch(batchInput, CONSOLE_BATCH_MAX));
  const token = randomBytes(32).toString("base64url");
  const expires = addSeconds(now(), DOWNLOAD_SECONDS);
  const db = await getDb();
  await db.update(exchangeBatches).set({ downloadTokenHash: hashToken(token), downloadExpiresAt: expires }).where(eq(exchangeBatches.id, batch.id));
  return { batchId: batch.id, size: batch.size, downloadToken: token, downloadExpiresAt: expires.toISOString() };
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The batch's CSV for a download token, once: the token is spent in the same UPDATE that
 * checks it, so two concurrent requests cannot both get the codes. Unknown, spent or expired → 410.
 */
export async function downloadBatchCsv(token: unknown): Promise<{ batchId: string; csv: string }> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw new ConsoleError("downloadSpent", 410);
  const db = await getDb();
  const at = now();
  const [spent] = await db
    .update(exchangeBatches)
    .set({ downloadedAt: at, downloadTokenHash: null })
    .where(and(eq(exchangeBatches.downloadTokenHash, hashToken(token)), isNull(exchangeBatches.downloadedAt), gt(exchangeBatches.downloadExpiresAt, at)))
    .returning({ id: exchangeBatches.id });
  if (!spent) throw new ConsoleError("downloadSpent", 410);
  const { codes } = await withKey(() => exportBatch(spent.id));
  const lines = ["code,status", ...codes.map((code) => `${csvCell(code.code)},${code.status}`)];
  return { batchId: spent.id, csv: `${lines.join("\r\n")}\r\n` };
}


export async function listCodeBatches(page: number): Promise<Page<BatchSummary>> {
  const db = await getDb();
  const [total] = await db.select({ n: count() }).from(exchangeBatches);
  const batches = await db.select().from(exchangeBatches).orderBy(desc(exchangeBatches.createdAt)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE);
  const at = now().toISOString();
  // one pass over this page's codes (exchange_codes_batch_idx), counted by state
  const tallies = batches.length
    ? await db
        .select({
          batchId: exchangeCodes.batchId,
          redeemed: sql<number>`count(*) filter (where ${exchangeCodes.redeemedAt} is not null)`,
          revoked: sql<number>`count(*) filter (where ${exchangeCodes.redeemedAt} is null and ${exchangeCodes.revokedAt} is not null)`,
          expired: sql<number>`count(*) filter (where ${exchangeCodes.redeemedAt} is null and ${exchangeCodes.revokedAt} is null and ${exchangeCodes.validUntil} <= ${at}::timestamptz)`,
          all: count(),
        })
        .from(exchangeCodes)
        .where(inArray(exchangeCodes.batchId, batches.map((batch) => batch.id)))
        .groupBy(exchangeCodes.batchId)
    : [];
  const byBatch = new Map(tallies.map((row) => [row.batchId, row]));
  return {
    items: batches.map((batch) => {
      const tally = byBatch.get(batch.id);
      const redeemed = Number(tally?.redeemed ?? 0);
      const revoked = Number(tally?.revoked ?? 0);
      const expired = Number(tally?.expired ?? 0);
      return {
        id: batch.id,
        benefitEn: batch.benefitEn,
        benefitZh: batch.benefitZh,
        benefitDays: batch.benefitDays,
        validUntil: batch.validUntil.toISOString(),
        createdAt: batch.createdAt.toISOString(),
        size: batch.size,
        counts: { redeemed, revoked, expired, unused: Number(tally?.all ?? 0) - redeemed - revoked - expired },
        downloadedAt: batch.downloadedAt ? batch.downloadedAt.toISOString() : null,
      };
    }),
    total: Number(total?.n ?? 0),
    page,
    pageSize: PAGE_SIZE,
  };
}

export async function lookupCode(value: unknown): Promise<CodeInfo> {
  const { code, batch, email } = await withKey(() => findCode(value));
  return {
    batchId: batch.id,
    benefitEn: batch.benefitEn,
    benefitZh: batch.benefitZh,
    status: statusOf(code),
    validUntil: code.validUntil.toISOString(),
    redeemedAt: code.redeemedAt ? code.redeemedAt.toISOString() : null,
    redeemedBy: code.redeemedAt ? email : null,
  };
}

/** Revokes an unused (or expired) code; a redeemed or revoked one keeps its state (`revoked: false`). */
export async function revokeCode(value: unknown): Promise<{ revoked: boolean; status: CodeStatus }> {
  const { revoked, status } = await withKey(() => revokeFound(value));
  return { revoked, status };
}
