import { createWriteStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BulkSelection } from "@/lib/contract/console/bulk";
import { EXPORT_FORMATS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ExportFormat } from "@/lib/contract/console/user-transfer";
import { USER_FILTERS, USER_SEARCH_FIELDS, USER_STATUSES, userSearchQuery } from "@/lib/contract/console/users";
import { ErrorCode, ServiceError } from "../errors";
import { selectionWhere } from "../services/console/user-search-filters";
import { exportChunks } from "../services/user-transfer/export";
import { selectionDetail } from "../services/user-transfer/export-audited";
import { idsOf } from "./bulk-cli";
import { assertImportSize, importAuditDetail, importUsers } from "../services/user-transfer/import";
import type { CommandAudit } from "./cli-audit";
import { CliError } from "./commands";
import type { CliIo } from "./io";
import { table } from "./table";
import { parseCommand, UsageError } from "./usage";

/** The help lines of users:export and users:import (part of run.ts's USAGE; docs/import-export.md). */
export const USER_TRANSFER_USAGE = `  users:export [--format csv|json] [--out FILE] (--ids FILE | [--search TEXT] [--by ${USER_SEARCH_FIELDS.join("|")}]
             [--status ${USER_STATUSES.join("|")}] [--two-step yes|no] [--passkey yes|no] [--social NAME]
             [--brand CODE] [--created-from DAY] [--created-to DAY] [--signed-in-from DAY] [--signed-in-to DAY])
                      Export users (id, email, nickname, status, created, last sign-in, ways
                      in; never a secret), streamed to FILE or to standard output: the accounts
                      of FILE (one user id a line) or of the console's users search and filters
                      (DAY is YYYY-MM-DD); without either, every account.
  users:import FILE [--format csv|json] [--dry-run]
                      Import users from CSV or JSON (Keycloak, ZITADEL, Logto exports too).
                      --dry-run checks every row and writes nothing (exit 1 if a row is bad);
                      the run imports the good rows and skips emails that have an account.
                      At most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} rows per file.`;

const TEXT = { type: "string" } as const;

function oneOf<T extends string>(value: string | boolean | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((item) => item === value);
  if (!found) throw new UsageError(`--${flag} must be one of ${allowed.join(", ")}.`);
  return found;
}

/** The service's refusals of a file, in the words of the command line. */
function fileRefusal(error: unknown): never {
  if (error instanceof ServiceError && error.code === ErrorCode.importTooLarge) {
    throw new CliError(`The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} rows per import. Split it and import the parts. Nothing was imported.`);
  }
  if (error instanceof ServiceError && error.code === ErrorCode.importMalformed) {
    throw new CliError("The file is not CSV (with an email column in its header) or JSON of users. Nothing was imported.");
  }
  throw error;
}

/** The search's flags, named as the console's address names them (createdFrom → --created-from). */
const SEARCH_FLAGS = ["search", "by", ...USER_FILTERS.map((name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`))];
const flagOf = (field: string) => (field === "q" ? "search" : field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));

/** The export's selection, as the console's (the same search rules); ids from a file have no limit here, as users:bulk. */
async function exportSelectionOf(values: Record<string, string | boolean | undefined>): Promise<BulkSelection> {
  const given = SEARCH_FLAGS.filter((flag) => values[flag] !== undefined);
  if (typeof values.ids === "string") {
    if (given.length > 0) throw new UsageError(`Give either --ids FILE or the search's options (--${given[0]}), not both.`);
    return { ids: await idsOf(values.ids) };
  }
  const input = Object.fromEntries(["q", "by", ...USER_FILTERS].map((field) => [field, values[flagOf(field)]]));
  const search = userSearchQuery.safeParse(input);
  if (!search.success) throw new UsageError(`--${flagOf(String(search.error.issues[0]?.path[0] ?? "search"))} is not valid (days are YYYY-MM-DD, a range's end not before its start).`);
  return { search: search.data };
}

async function runExport(args: string[], io: CliIo, entry: CommandAudit): Promise<void> {
  const options = Object.fromEntries(["format", "out", "ids", ...SEARCH_FLAGS].map((flag) => [flag, TEXT]));
  const { values } = parseCommand(args, options, 0);
  const format: ExportFormat = oneOf(values.format, EXPORT_FORMATS, "format") ?? "csv";
  const selection = await exportSelectionOf(values);
  const where = await selectionWhere(selection).catch((error: unknown) => {
    if (error instanceof ServiceError && error.code === ErrorCode.invalidParams) throw new UsageError(`--search is not valid for --by ${String(values.by)}.`);
    throw error;
  });
  let rows = 0;
  const chunks = exportChunks(where, format, (count) => (rows = count));
  if (values.out) await pipeline(Readable.from(chunks), createWriteStream(values.out));
  else for await (const chunk of chunks) io.out(chunk.replace(/\r?\n$/, ""));
  Object.assign(entry.attempted, { format, ...selectionDetail(selection), rows });
  if (values.out) io.out(`Exported ${rows} user(s) to ${values.out}.`);
}

async function runImport(args: string[], io: CliIo, entry: CommandAudit): Promise<void> {
  const { values, positionals } = parseCommand(args, { format: TEXT, "dry-run": { type: "boolean" } }, 1);
  const file = positionals[0] ?? "";
  const dryRun = values["dry-run"] === true;
  const format = oneOf(values.format, EXPORT_FORMATS, "format");
  let text: string;
  try {
    assertImportSize((await stat(file)).size);
    text = await readFile(file, "utf8");
  } catch (error) {
    if (error instanceof ServiceError) fileRefusal(error);
    throw new CliError(`Cannot read ${file}.`);
  }
  const report = await importUsers(text, { dryRun, format }).catch(fileRefusal);
  Object.assign(entry.attempted, { dryRun, ...importAuditDetail(report) });
  const issues = [...report.bad, ...report.skipped].sort((a, b) => a.line - b.line);
  if (issues.length > 0) io.out(table(["line", "email", "problem"], issues.map((row) => [String(row.line), row.email, row.problem])));
  const verb = dryRun ? "Would import" : "Imported";
  io.out(`${verb} ${report.imported} of ${report.rows} user(s); ${report.skipped.length} skipped (account exists), ${report.bad.length} bad row(s).`);
  if (dryRun && report.bad.length > 0) throw new CliError(`${report.bad.length} bad row(s): they would not be imported. Nothing was written.`);
}

/** Runs users:export or users:import; false when `command` is neither. */
export async function dispatchUserTransfer(command: string, args: string[], io: CliIo, entry: CommandAudit): Promise<boolean> {
  if (command === "users:export") await runExport(args, io, entry);
  else if (command === "users:import") await runImport(args, io, entry);
  else return false;
  return true;
}
