import { createWriteStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { EXPORT_FORMATS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ExportFormat } from "@/lib/contract/console/user-transfer";
import { USER_STATUSES } from "@/lib/contract/console/users";
import { ErrorCode, ServiceError } from "../errors";
import { exportChunks } from "../services/user-transfer/export";
import { assertImportSize, importAuditDetail, importUsers } from "../services/user-transfer/import";
import type { CommandAudit } from "./cli-audit";
import { CliError } from "./commands";
import type { CliIo } from "./io";
import { table } from "./table";
import { parseCommand, UsageError } from "./usage";

/** The help lines of users:export and users:import (part of run.ts's USAGE; docs/import-export.md). */
export const USER_TRANSFER_USAGE = `  users:export [--format csv|json] [--status active|restricted|banned] [--email PREFIX] [--out FILE]
                      Export users (id, email, nickname, status, created, last sign-in, ways
                      in; never a secret), streamed to FILE or to standard output.
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

async function runExport(args: string[], io: CliIo, entry: CommandAudit): Promise<void> {
  const { values } = parseCommand(args, { format: TEXT, status: TEXT, email: TEXT, out: TEXT }, 0);
  const format: ExportFormat = oneOf(values.format, EXPORT_FORMATS, "format") ?? "csv";
  const query = { status: oneOf(values.status, USER_STATUSES, "status"), email: values.email };
  let rows = 0;
  const chunks = exportChunks(query, format, (count) => (rows = count));
  if (values.out) await pipeline(Readable.from(chunks), createWriteStream(values.out));
  else for await (const chunk of chunks) io.out(chunk.replace(/\r?\n$/, ""));
  Object.assign(entry.attempted, { format, filter: { status: query.status ?? null, email: query.email ?? null }, rows });
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
