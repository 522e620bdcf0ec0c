import { addSeconds, now } from "../clock";
import { KeyUnavailableError } from "../keys";
import * as batches from "../services/code-batches";
import { BATCH_MAX, BENEFIT_DAYS_MAX, BENEFIT_MAX_LENGTH, type BatchInput, type BatchRow, type CodeStatus, type ExportedCode } from "../services/code-batches";
import { ConsoleError } from "../services/console/input";
import { CliError } from "./commands";

/**
 * The command line's door onto the redemption-code rules (services/code-batches.ts; the CLI is
 * exchange-cli.ts): the same functions, their refusals worded for the terminal. Codes are shown
 * to the operator in clear; the database keeps only their HMAC and encryption.
 */
export { BATCH_MAX, type BatchInput, type CodeStatus, type ExportedCode };

/** What the terminal says for a refusal, by the field it concerns (else by its key). */
const SAID: Partial<Record<string, string>> = {
  benefitEn: `--benefit must be 1–${BENEFIT_MAX_LENGTH} characters.`,
  benefitZh: `--benefit-zh must be 1–${BENEFIT_MAX_LENGTH} characters.`,
  count: `--count must be a whole number from 1 to ${BATCH_MAX}.`,
  benefitDays: `--benefit-days must be a whole number from 1 to ${BENEFIT_DAYS_MAX}.`,
  validUntil: "The validity is not a date.",
  badId: "Not a batch id (see exchange:batches).",
  badCode: "A code is 16 letters and digits.",
};

async function inTerminal<T>(run: () => Promise<T>, notFound = "Not found."): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof KeyUnavailableError) throw new CliError(error.message);
    if (error instanceof ConsoleError) throw new CliError(error.key === "notFound" ? notFound : (SAID[error.field ?? ""] ?? SAID[error.key] ?? `Refused: ${error.key}.`));
    throw error;
  }
}

/** A new batch and its codes, in clear, in the order they were made. */
export function createBatch(input: BatchInput): Promise<{ batch: BatchRow; codes: string[] }> {
  return inTerminal(() => batches.createBatch(input));
}

export function exportBatch(batchId: string): Promise<{ batch: BatchRow; codes: ExportedCode[] }> {
  // the argument is not repeated when it is not an id: a code given here by mistake would land in the audit log
  return inTerminal(() => batches.exportBatch(batchId), `No batch ${batchId}.`);
}

export const listBatches = batches.listBatches;

export type CodeLookup = { batchId: string; benefit: string; status: CodeStatus; validUntil: Date; redeemedAt: Date | null; redeemedBy: string | null; expireAt: Date | null; revokedAt: Date | null };

export async function lookupCode(value: string): Promise<CodeLookup> {
  const { code, batch, email } = await inTerminal(() => batches.findCode(value), "No such code.");
  return {
    batchId: batch.id,
    benefit: `${batch.benefitEn} / ${batch.benefitZh}`,
    status: batches.statusOf(code),
    validUntil: code.validUntil,
    redeemedAt: code.redeemedAt,
    redeemedBy: code.redeemedAt ? (email ?? "(deleted account)") : null,
    expireAt: code.expireAt,
    revokedAt: code.revokedAt,
  };
}

/** Revoke an unused code; a redeemed one cannot be taken back (its status is returned unchanged). */
export function revokeCode(value: string): Promise<{ revoked: boolean; status: CodeStatus; batchId: string }> {
  return inTerminal(() => batches.revokeCode(value), "No such code.");
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
