import { inArray } from "drizzle-orm";
import { IMPORT_MAX_BYTES, type ExportFormat, type ImportReport, type ImportRowIssue } from "@/lib/contract/console/user-transfer";
import { APP_CODE_PATTERN } from "@/lib/contract/message-rules";
import { NICKNAME_MAX } from "@/lib/contract/profile-rules";
import { canonicalEmail, EMAIL_MAX, EMAIL_PATTERN } from "@/lib/contract/rules";
import { now } from "../../clock";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import { hashFormat } from "../password-formats";
import { parseImportFile, type ImportRecord } from "./parse-file";

/**
 * Users imported from another system (docs/import-export.md). Every row is checked before
 * anything is written, and the dry run stops there: bad rows (bad email, unknown hash format,
 * a second row of one email, a nickname too long, a record that is not a user) are reported by
 * line and never written; an email that has an account is skipped and reported, so a re-run
 * imports only what is new. Hashes are stored as they are and become ours at the user's first
 * sign-in (password-upgrade.ts); a row without one gets an account without a password
 * (password sign-in refused until one is set by an emailed code). A brand the file gives (our own
 * export's `brand`) stays the account's brand of registration; without one the account has none.
 */
const BATCH = 500;
/** No hash of any format looks like this: a password check of it is always false. */
const NO_PASSWORD = "!imported-without-password";

type GoodRow = { line: number; email: string; nickname: string | null; passwordHash: string | null; brand: string | null };

function problemOf(record: ImportRecord, email: string, seen: Set<string>): ImportRowIssue["problem"] | null {
  if (record.shapeless) return "row";
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return "email";
  if (seen.has(email)) return "duplicate";
  if (record.nickname && Array.from(record.nickname).length > NICKNAME_MAX) return "nickname";
  if (record.hash !== null && hashFormat(record.hash) === null) return "hashFormat";
  if (record.brand !== null && !APP_CODE_PATTERN.test(record.brand)) return "brand";
  return null;
}

function checkRows(records: ImportRecord[]): { good: GoodRow[]; bad: ImportRowIssue[] } {
  const good: GoodRow[] = [];
  const bad: ImportRowIssue[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    const email = canonicalEmail(record.email);
    const problem = problemOf(record, email, seen);
    // a bad row's email still counts as seen: its second row is a duplicate, not an import
    if (email) seen.add(email);
    if (problem) bad.push({ line: record.line, email: email.slice(0, EMAIL_MAX), problem });
    else good.push({ line: record.line, email, nickname: record.nickname, passwordHash: record.hash, brand: record.brand });
  }
  return { good, bad };
}

async function existingEmails(emails: string[]): Promise<Set<string>> {
  const db = await getDb();
  const found = new Set<string>();
  for (let index = 0; index < emails.length; index += BATCH) {
    const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails.slice(index, index + BATCH)));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/** Inserts the rows; one that appeared since the check (another import) is skipped, not doubled. */
async function insertRows(rows: GoodRow[]): Promise<Set<string>> {
  const db = await getDb();
  const inserted = new Set<string>();
  for (let index = 0; index < rows.length; index += BATCH) {
    const at = now();
    const values = rows.slice(index, index + BATCH).map((row) => ({
      email: row.email,
      nickname: row.nickname,
      passwordHash: row.passwordHash ?? NO_PASSWORD,
      passwordSet: row.passwordHash !== null,
      registrationAppCode: row.brand,
      createdAt: at,
      updatedAt: at,
    }));
    const done = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning({ email: users.email });
    for (const row of done) inserted.add(row.email);
  }
  return inserted;
}

export function assertImportSize(bytes: number): void {
  if (bytes > IMPORT_MAX_BYTES) throw new ServiceError(ErrorCode.importTooLarge, { maxBytes: IMPORT_MAX_BYTES });
}

export async function importUsers(text: string, options: { dryRun: boolean; format?: ExportFormat }): Promise<ImportReport> {
  assertImportSize(Buffer.byteLength(text));
  const { format, records } = parseImportFile(text, options.format);
  const { good, bad } = checkRows(records);
  const existing = await existingEmails(good.map((row) => row.email));
  const fresh = good.filter((row) => !existing.has(row.email));
  const inserted = options.dryRun ? new Set(fresh.map((row) => row.email)) : await insertRows(fresh);
  const skipped = good.filter((row) => !inserted.has(row.email)).map((row) => ({ line: row.line, email: row.email, problem: "exists" as const }));
  return { dryRun: options.dryRun, format, rows: records.length, imported: inserted.size, skipped, bad };
}

/** The audit row's detail: counts and where, never emails or hashes. */
export function importAuditDetail(report: ImportReport): Record<string, unknown> {
  return { format: report.format, rows: report.rows, imported: report.imported, skipped: report.skipped.length, bad: report.bad.length, badLines: report.bad.slice(0, 20).map((row) => row.line) };
}
