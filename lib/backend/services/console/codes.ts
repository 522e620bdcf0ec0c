import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { BatchSummary, CodeInfo, CodeStatus, NewBatch } from "@/lib/contract/console/screens";
import { fieldFromRule } from "@/lib/contract/fields";
import { REDEEM_CODE_RULE } from "@/lib/contract/rules";
import { CliError } from "../../cli/commands";
import { BATCH_MAX, createBatch, exportBatch, statusOf } from "../../cli/exchange";
import { addSeconds, now } from "../../clock";
import { getDb } from "../../db/client";
import { exchangeBatches, exchangeCodes, users } from "../../db/schema";
import { KeyUnavailableError } from "../../keys";
import { codeHash, codeKeys, type CodeKeys } from "../exchange-codes";
import { dayOf, ConsoleError, PAGE_SIZE, requiredText, type Page } from "./input";

/**
 * The console's redemption codes. A batch made here is never shown on screen: its CSV is
 * downloaded once, through a one-time token (only its sha256 is stored) that lasts
 * DOWNLOAD_SECONDS; after that, only the command line's export (with the key) gives the codes.
 */
export const DOWNLOAD_SECONDS = 15 * 60;
/** The console makes smaller batches than the command line: one request, one transaction. */
export const CONSOLE_BATCH_MAX = Math.min(BATCH_MAX, 10_000);
const redeemCode = fieldFromRule(REDEEM_CODE_RULE);

async function keys(): Promise<CodeKeys> {
  try {
    return await codeKeys();
  } catch (error) {
    if (error instanceof KeyUnavailableError) throw new ConsoleError("codeKeyUnavailable", 409);
    throw error;
  }
}

function wholeNumber(value: unknown, min: number, maxValue: number, key: "badCount" | "badDays", field: string): number {
  const number = typeof value === "number" ? value : typeof value === "string" && /^\d{1,7}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < min || number > maxValue) throw new ConsoleError(key, 400, field);
  return number;
}

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** `validUntil` is a day (YYYY-MM-DD): the codes can be redeemed to its end (UTC). */
export async function createCodeBatch(input: { benefitEn?: unknown; benefitZh?: unknown; count?: unknown; benefitDays?: unknown; validUntil?: unknown }): Promise<NewBatch> {
  const benefitEn = requiredText(input.benefitEn, 100, "benefitEn");
  const benefitZh = requiredText(input.benefitZh, 100, "benefitZh");
  const size = wholeNumber(input.count, 1, CONSOLE_BATCH_MAX, "badCount", "count");
  const benefitDays = wholeNumber(input.benefitDays, 1, 36_500, "badDays", "benefitDays");
  const validUntil = addSeconds(dayOf(input.validUntil, "validUntil"), 86_400);
  if (validUntil <= now() || validUntil > addSeconds(now(), 10 * 366 * 86_400)) throw new ConsoleError("badValidity", 400, "validUntil");
  await keys();
  const { batch } = await createBatch({ benefitEn, benefitZh, count: size, benefitDays, validUntil });
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
  let codes;
  try {
    ({ codes } = await exportBatch(spent.id));
  } catch (error) {
    if (error instanceof CliError) throw new ConsoleError("codeKeyUnavailable", 409);
    throw error;
  }
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

async function findCode(value: unknown) {
  const parsed = redeemCode.safeParse(typeof value === "string" ? value : "");
  if (!parsed.success) throw new ConsoleError("badCode", 400, "code");
  const secret = await keys();
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

export async function lookupCode(value: unknown): Promise<CodeInfo> {
  const { code, batch, email } = await findCode(value);
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
  const { code } = await findCode(value);
  const db = await getDb();
  const done = await db
    .update(exchangeCodes)
    .set({ revokedAt: now() })
    .where(and(eq(exchangeCodes.id, code.id), isNull(exchangeCodes.redeemedAt), isNull(exchangeCodes.revokedAt)))
    .returning({ id: exchangeCodes.id });
  return done.length > 0 ? { revoked: true, status: "revoked" } : { revoked: false, status: statusOf(code) };
}
